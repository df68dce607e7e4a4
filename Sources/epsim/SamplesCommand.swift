import ArgumentParser
import FixtureGenerator

/// `epsim samples DIR`: the sample tokens with their decoded twins.
struct SamplesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "samples",
    abstract: "Write sample tokens of every kind and environment, each with its decoded JSON twin.",
    discussion: """
      The files are made by the lifecycle engine from fixed seeds, so the same command always \
      writes the same bytes. The repository's copy is regenerated with: \
      \(SampleTokens.regenerateCommand)
      """)

  @Argument(help: "The directory to write into (created when missing).")
  var directory: String

  func run() throws {
    do {
      let count = try SampleTokens.write(to: directory)
      print("Wrote \(count) files to \(directory) (its README.md describes each).")
    } catch {
      throw FixtureFailure.report(error, command: "samples")
    }
  }
}
