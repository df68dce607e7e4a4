/// Writing a file or a stream failed: which one, and the system's reason.
public struct FileOutputError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The path, or a name such as "standard output".
  public var path: String
  /// The reason, usually the system's words for errno.
  public var message: String

  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  public var description: String { "cannot write \(path): \(message)" }
}
