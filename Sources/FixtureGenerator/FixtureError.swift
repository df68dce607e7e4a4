import FileOutput

/// Why generating fixtures failed.
public enum FixtureError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The options cannot run (a bad count, window or environment).
  case invalidOptions(String)
  /// The engine refused a planned action: a bug in the planner, reported with the customer to replay.
  case simulationFailed(customer: String, message: String)
  /// Writing the output failed.
  case output(path: String, message: String)

  public var description: String {
    switch self {
    case .invalidOptions(let message): return message
    case .simulationFailed(let customer, let message):
      return "internal error while simulating \(customer): \(message)"
    case .output(let path, let message): return "cannot write \(path): \(message)"
    }
  }
}

extension FixtureError {
  /// A failed write, in the generator's own error type.
  public init(_ error: FileOutputError) {
    self = .output(path: error.path, message: error.message)
  }
}
