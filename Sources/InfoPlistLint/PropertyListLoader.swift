import Foundation

/// Reads XML and binary property lists into `LoadedPropertyList`, or says clearly why not.
public enum PropertyListLoader {
  /// Reads the file at `path`; `PropertyListReadError.file` is `path` as given.
  public static func load(path: String) throws(PropertyListReadError) -> LoadedPropertyList {
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    if size > maximumBytes { throw tooBig(path, size: size) }
    // At most one byte past the limit is read: special files (/dev/zero, a FIFO) report no
    // size and may never end.
    guard !isDirectory(path), let handle = FileHandle(forReadingAtPath: path),
      let data = try? handle.read(upToCount: maximumBytes + 1) ?? Data()
    else {
      throw PropertyListReadError(file: path, reason: readFailure(path: path))
    }
    try? handle.close()
    if data.count > maximumBytes {
      throw PropertyListReadError(
        file: path, reason: "the file holds more than the \(maximumBytes) bytes a property list may have here"
      )
    }
    return try parse(data, file: path)
  }

  /// The largest file read: Info.plist and entitlements files are a few kilobytes, so a bigger
  /// file is the wrong file, and is refused before it fills memory.
  public static let maximumBytes = 16 << 20

  private static func tooBig(_ path: String, size: Int) -> PropertyListReadError {
    PropertyListReadError(
      file: path,
      reason: "the file is \(size) bytes, more than the \(maximumBytes) bytes a property list may have here")
  }

  /// Parses `data`, naming it `file` in errors and findings.
  public static func parse(_ data: Data, file: String) throws(PropertyListReadError) -> LoadedPropertyList {
    let expected = try detectFormat(data, file: file)
    if expected == .binary, let index = BinaryPropertyListScreen.firstSetObject(in: data) {
      throw PropertyListReadError(
        file: file,
        reason:
          "the binary property list holds a set (object \(index)), which property lists of an app never use")
    }
    var format = PropertyListSerialization.PropertyListFormat.xml
    let object: Any
    do {
      object = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
    } catch {
      throw parseFailure(data, expected: expected, file: file, error: error)
    }
    // Foundation falls back to the old OpenStep text format, which reads most words as a string;
    // Info.plist files are never written that way, so such a result means damaged input.
    guard format == .xml || format == .binary else {
      let reason =
        expected == .binary
        ? "the binary property list is damaged (truncated or corrupt)"
        : "this is not an XML property list (it parses only as the old text format, which Info.plist files do not use)"
      throw PropertyListReadError(file: file, reason: reason)
    }
    guard let value = PropertyListValue(foundationValue: object) else {
      throw PropertyListReadError(file: file, reason: "the property list holds a value of an unknown type")
    }
    guard case .dictionary(let root) = value else {
      throw PropertyListReadError(
        file: file, reason: "the top level must be a dictionary, but it is \(value.typeNameWithArticle)")
    }
    return LoadedPropertyList(file: file, format: expected, root: root)
  }

  /// Tells the two formats apart by their first bytes, so garbage is named as such.
  private static func detectFormat(_ data: Data, file: String) throws(PropertyListReadError)
    -> LoadedPropertyList.Format
  {
    if data.isEmpty { throw PropertyListReadError(file: file, reason: "the file is empty") }
    if data.starts(with: Array("bplist".utf8)) { return .binary }
    // UTF-16 with a byte order mark, or "<?" with a NUL beside each character.
    if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF])
      || data.starts(with: [0x3C, 0, 0x3F, 0])
      || data.starts(with: [0, 0x3C, 0, 0x3F])
    {
      throw PropertyListReadError(file: file, reason: "the file is UTF-16 text; save it as UTF-8 (or binary)")
    }
    let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    let text = data.starts(with: byteOrderMark) ? data.dropFirst(3) : data[...]
    guard let first = text.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
      throw PropertyListReadError(file: file, reason: "the file holds only white space")
    }
    guard first == UInt8(ascii: "<") else {
      throw PropertyListReadError(
        file: file,
        reason: "this is not an XML or binary property list (it starts with neither '<' nor 'bplist')")
    }
    return .xml
  }

  private static func parseFailure(
    _ data: Data, expected: LoadedPropertyList.Format, file: String, error: any Error
  ) -> PropertyListReadError {
    // Foundation's own text for a damaged binary plist comes from its text-format fallback
    // ("Unexpected character b at line 1") and would only mislead, so it is not passed on.
    if expected == .binary {
      return PropertyListReadError(
        file: file, reason: "the binary property list is damaged (truncated or corrupt)")
    }
    let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
    if let located = XMLErrorLocator.firstError(in: data) {
      return PropertyListReadError(
        file: file, reason: located.reason, line: located.line, column: located.column)
    }
    // Well-formed XML that is not a valid plist, such as <integer>ten</integer>: Foundation's own
    // description names the line, which is pulled out so the location reads the usual way.
    let reason = detail ?? "the XML is not a valid property list"
    return PropertyListReadError(
      file: file, reason: "not a valid property list: \(reason)", line: lineNumber(in: reason))
  }

  /// The number after the last "line " in Foundation's error text, if any.
  private static func lineNumber(in text: String) -> Int? {
    guard let range = text.range(of: "line ", options: .backwards) else { return nil }
    return Int(text[range.upperBound...].prefix(while: \.isNumber))
  }

  private static func isDirectory(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
  }

  private static func readFailure(path: String) -> String {
    var isDirectory: ObjCBool = false
    if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
      return "no such file"
    }
    return isDirectory.boolValue
      ? "this is a directory, not a file" : "the file cannot be read (check its permissions)"
  }
}
