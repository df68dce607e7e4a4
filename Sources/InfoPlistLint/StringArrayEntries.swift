/// A property-list value that must be an array of strings: a country list, a link list.
/// Reports a value that is no array, an empty one, each entry that is not a string and each
/// string listed again; the checks of a string stay with the caller, which sees each once.
struct StringArrayEntries {
  /// The message and fix for a value that is not an array, given the type found.
  var notAnArray: (_ typeName: String) -> (message: String, fix: String)
  /// What an empty array is.
  var empty: (severity: LintSeverity, rule: LintRule, message: String, fix: String)
  /// What an entry must be, as in "must be <entry>, found ...", and how to write one.
  var entry: String
  var entryFix: String
  /// The message and fix for a string repeated from the index given.
  var repeated: (_ text: String, _ first: Int) -> (message: String, fix: String)

  /// Every string entry in order, repeats included; `checkFirst` gets each string the first time
  /// it appears, with its key path.
  func strings(
    _ value: PropertyListValue, at path: String, into list: inout FindingList,
    checkFirst: (_ text: String, _ path: String, _ list: inout FindingList) -> Void
  ) -> [(text: String, isRepeat: Bool)] {
    guard case .array(let items) = value else {
      let (message, fix) = notAnArray(value.typeName)
      list.add(.error, .valueType, at: path, message, fix: fix)
      return []
    }
    if items.isEmpty {
      list.add(empty.severity, empty.rule, at: path, empty.message, fix: empty.fix)
    }
    var strings: [(text: String, isRepeat: Bool)] = []
    var firstIndex: [String: Int] = [:]
    for (index, item) in items.enumerated() {
      let itemPath = "\(path)[\(index)]"
      guard let text = item.stringValue else {
        list.add(
          .error, .valueType, at: itemPath, "must be \(entry), found \(item.typeName)", fix: entryFix)
        continue
      }
      if let first = firstIndex[text] {
        let (message, fix) = repeated(text, first)
        list.add(.warning, .duplicateEntry, at: itemPath, message, fix: fix)
      } else {
        firstIndex[text] = index
        checkFirst(text, itemPath, &list)
      }
      strings.append((text, firstIndex[text] != index))
    }
    return strings
  }
}
