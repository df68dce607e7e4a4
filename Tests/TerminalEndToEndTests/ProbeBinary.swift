import Foundation

/// Finds the built `terminal-probe` executable (or, by name, another product such as `epsim`).
///
/// SwiftPM puts executables and the test bundle in the same build folder (on macOS the bundle's
/// own executable sits a few folders deeper), so the search starts at the running test
/// executable and walks up through its parents. `EPSIM_TERMINAL_PROBE` (or the variable given)
/// overrides the search.
enum ProbeBinary {
  static func url(named name: String = "terminal-probe", override variable: String = "EPSIM_TERMINAL_PROBE")
    throws -> URL
  {
    if let path = ProcessInfo.processInfo.environment[variable] {
      return URL(fileURLWithPath: path)
    }
    let start = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    var directory = start.resolvingSymlinksInPath().deletingLastPathComponent()
    while directory.path != "/" {
      let candidate = directory.appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory.deleteLastPathComponent()
    }
    throw TmuxSession.Failure(
      description:
        "\(name) was not found next to \(start.path) or in its parent folders; build it with "
        + "`swift build --product \(name)` or point \(variable) at it")
  }
}
