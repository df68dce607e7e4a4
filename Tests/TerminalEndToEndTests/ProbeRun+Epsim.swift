import Foundation

extension ProbeRun {
  /// The built `epsim` (`EPSIM_BINARY` overrides the search).
  static func epsimBinary() throws -> URL {
    try ProbeBinary.url(named: "epsim", override: "EPSIM_BINARY")
  }

  /// `epsim` with no arguments (the terminal UI) in a pane, run like the probe.
  static func epsim(environment: [String: String?] = [:], width: Int = 80, height: Int = 24) throws
    -> ProbeRun
  {
    try ProbeRun(executable: epsimBinary(), environment: environment, width: width, height: height)
  }

  /// The process running in the pane under the script's shell: epsim, once its screen is up.
  /// Found as the child of the pane's shell in /proc, so a signal reaches exactly that process.
  func childPid() throws -> pid_t {
    try tmux.waitForText("SANDBOX")
    return try paneChildPid()
  }

  /// The child of the pane's shell, without waiting for a screen (for sizes too small for one).
  func paneChildPid() throws -> pid_t {
    let shell = try tmux.paneValue("#{pane_pid}")
    for entry in try FileManager.default.contentsOfDirectory(atPath: "/proc")
    where entry.allSatisfy(\.isNumber) {
      guard let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8) else { continue }
      // Fields after the command name (which may hold spaces) start with state, then ppid.
      let fields = stat[(stat.lastIndex(of: ")") ?? stat.startIndex)...].split(separator: " ")
      if fields.count > 2, fields[2] == shell, let pid = pid_t(entry) { return pid }
    }
    throw TmuxSession.Failure(description: "no child of the pane's shell \(shell)")
  }
}
