/// Where and why a document stops being XML that Foundation's property list reader takes.
struct XMLSyntaxError: Equatable {
  /// What is wrong; each kind has the words `epsim lint` prints for it.
  enum Kind: Equatable {
    case endsTooEarly
    case disallowedCharacter
    case entityWithoutSemicolon
    case undefinedEntity
    case unescapedAmpersandOrLessThan
    case tagWithoutGreaterThan
    case closingTagMismatch
    /// Anything else, with a few words on what was found.
    case notWellFormed(String)
  }

  let kind: Kind
  /// The byte offset of the position reported: the offending byte, or just past it where a test
  /// pins libxml2's column (see `XMLSyntaxScanner`).
  let offset: Int

  /// The sentence for the user. The first seven are the words epsim used for libxml2's error
  /// codes when FoundationXML found the error, kept so messages and tests stay the same.
  var reason: String {
    switch kind {
    case .endsTooEarly: "the XML document ends too early (is the file truncated?)"
    case .disallowedCharacter: "the XML contains a character that XML does not allow"
    case .entityWithoutSemicolon: "an XML entity is missing its closing ';'"
    case .undefinedEntity: "the XML uses an undefined entity (write &amp; for a literal '&')"
    case .unescapedAmpersandOrLessThan: "a '&' or '<' in XML text must be written &amp; or &lt;"
    case .tagWithoutGreaterThan: "an XML tag is missing its closing '>'"
    case .closingTagMismatch: "an XML closing tag does not match the open tag"
    case .notWellFormed(let what): "the XML is not well-formed (\(what))"
    }
  }
}
