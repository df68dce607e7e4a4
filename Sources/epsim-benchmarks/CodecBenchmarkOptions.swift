/// The options of `epsim-benchmarks codec`.
struct CodecBenchmarkOptions {
  /// Tokens in the corpus.
  var count = 10_000
  /// Minimum time each measurement runs for; the best of three is reported.
  var seconds = 1.0
  /// Where to write the corpus, one token a line, for the Python baseline.
  var corpusPath: String?
  /// Run only the measurement of this name (for profiling one of them).
  var only: String?

  struct UsageError: Error, CustomStringConvertible {
    var description: String
  }

  init(arguments: [String]) throws(UsageError) {
    var rest = arguments[...]
    while let option = rest.popFirst() {
      guard let value = rest.popFirst() else { throw UsageError(description: "\(option) needs a value") }
      switch option {
      case "--count":
        guard let number = Int(value), number > 0 else {
          throw UsageError(description: "bad --count \(value)")
        }
        count = number
      case "--seconds":
        guard let number = Double(value), number > 0 else {
          throw UsageError(description: "bad --seconds \(value)")
        }
        seconds = number
      case "--corpus-out":
        corpusPath = value
      case "--only":
        only = value
      default:
        throw UsageError(description: "unknown option \(option)")
      }
    }
  }
}
