import Foundation

/// What a finished program left behind: its exit status as a shell reports it and what it
/// printed on each stream.
public struct ProcessOutcome: Sendable {
  public var status: Int32
  public var standardOutput: String
  public var standardError: String
}

extension ProcessOutcome {
  /// The outcome with the bytes of both streams read as UTF-8 (in an extension, so the
  /// memberwise initializer stays).
  public init(status: Int32, output: Data, errors: Data) {
    self.init(
      status: status, standardOutput: String(decoding: output, as: UTF8.self),
      standardError: String(decoding: errors, as: UTF8.self))
  }
}
