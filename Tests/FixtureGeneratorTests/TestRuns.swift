import ExternalPurchaseTokens
import FileOutput
import FixtureGenerator

/// Small generator runs shared by the suites, kept small because tests build in debug.
enum TestRuns {
  static func output(_ options: GenerateOptions, workers: Int = 1) throws -> String {
    let generator = try FixtureGenerator(options: options)
    var sink = MemorySink()
    try generator.generate(into: &sink, workers: workers)
    return sink.text
  }

  static func lines(_ options: GenerateOptions) throws -> [Substring] {
    try output(options).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { $0 }
  }
}
