import ArgumentParser
import FixtureGenerator

/// How the fixture commands end on a `FixtureError`: the message on standard error, exit code 2
/// (bad input, such as an output path that cannot be written).
enum FixtureFailure {
  static func report(_ error: FixtureError, command: String) -> ExitCode {
    ReportCLI.usage(command, error.description)
  }
}
