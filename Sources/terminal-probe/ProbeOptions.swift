/// The probe's command line: `terminal-probe [--crash] [--tick-ms N]`.
struct ProbeOptions {
  /// Trap on the first key after the first frame, to test terminal restore after a crash.
  var crashOnKey = false
  /// Ask for ticks every this many milliseconds (nil: no ticks).
  var tickInterval: Int?

  static let usage = "usage: terminal-probe [--crash] [--tick-ms N]"

  /// Why the arguments could not be understood.
  struct UsageError: Error, CustomStringConvertible {
    var description: String
  }

  init(arguments: [String]) throws {
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--crash":
        crashOnKey = true
      case "--tick-ms":
        guard let value = remaining.popFirst(), let milliseconds = Int(value), milliseconds > 0 else {
          throw UsageError(description: "--tick-ms needs a positive number of milliseconds")
        }
        tickInterval = milliseconds
      default:
        throw UsageError(description: "unknown argument '\(argument)'")
      }
    }
  }
}
