import Foundation
import Testing

/// Runs `python/run-tests`: the `epsim` wheel is built from the built binary, installed with
/// Apple's app-store-server-library into a fresh virtual environment under `.build/`, and the
/// suite of its pytest plugin (`python/tests`) runs twice there, as a backend's tests use it; no
/// server may be left running afterwards (docs/backend-tests.md).
@Suite("The Python distribution: wheel, server class and pytest plugin")
struct PythonPackageTests {
  @Test func theWheelInstallsAndItsSuitePassesTwice() throws {
    let binary = try EpsimExecutable.locate()
    let outcome = try EpsimExecutable.run(
      program: EpsimExecutable.repository.appendingPathComponent("python/run-tests"),
      ["--binary", binary.path])
    let shown = "standard output:\n\(outcome.standardOutput)\nstandard error:\n\(outcome.standardError)"
    #expect(outcome.status == 0, "python/run-tests failed (exit \(outcome.status)).\n\(shown)")
    // Both runs ran tests rather than nothing: each pytest summary says how many passed.
    let summaries = outcome.standardOutput.split(separator: "\n").filter {
      $0.range(of: #"^\d+ passed"#, options: .regularExpression) != nil
    }
    #expect(summaries.count == 2, "\(shown)")
  }
}
