/// A property list read from a file: its name, its on-disk format and its root dictionary.
public struct LoadedPropertyList: Equatable, Sendable {
  /// The two formats Xcode writes and the linter reads.
  public enum Format: String, Equatable, Sendable {
    case xml
    case binary
  }

  /// The file as the user named it; findings quote it.
  public let file: String
  public let format: Format
  public let root: [String: PropertyListValue]

  public init(file: String, format: Format, root: [String: PropertyListValue]) {
    self.file = file
    self.format = format
    self.root = root
  }
}
