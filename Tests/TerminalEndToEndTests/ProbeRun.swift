import Foundation

/// One run of `terminal-probe` in a tmux pane, started from a shell script the way a person
/// would at a prompt: `stty -g > before; terminal-probe; stty -g > after`.
///
/// The script then prints `probe-exit=<status>` and `probe-finished` and waits, so the test can
/// read the final screen and compare the terminal settings from before and after.
final class ProbeRun {
  let tmux: TmuxSession
  private let directory: URL

  /// Starts the probe (or another `executable`) with `arguments`. `environment` sets (or, with
  /// nil, unsets) variables on top of the defaults: a UTF-8 locale and no NO_COLOR.
  init(
    executable: URL? = nil, arguments: [String] = [], environment: [String: String?] = [:], width: Int = 80,
    height: Int = 24
  ) throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "epsim-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let settings: [String: String?] = ["LC_ALL": "C.UTF-8", "NO_COLOR": nil]
    let exports = settings.merging(environment) { $1 }.sorted { $0.key < $1.key }.map { name, value in
      value.map { "export \(name)=\(Self.quoted($0))" } ?? "unset \(name)"
    }
    let probe = try executable ?? ProbeBinary.url()
    let script =
      [
        // An interactive shell survives a Ctrl-C meant for the program it runs; so must this one.
        "trap true INT",
        "cd \(Self.quoted(directory.path))",
      ] + exports + [
        "stty -g > before",
        ([probe.path] + arguments).map(Self.quoted).joined(separator: " "),
        "echo \"probe-exit=$?\"",
        "stty -g > after",
        "echo probe-finished",
        "read _",
      ]
    let scriptURL = directory.appendingPathComponent("run.sh")
    try script.joined(separator: "\n").write(to: scriptURL, atomically: true, encoding: .utf8)
    tmux = try TmuxSession(width: width, height: height, command: "sh \(Self.quoted(scriptURL.path))")
  }

  deinit {
    tmux.close()
    try? FileManager.default.removeItem(at: directory)
  }

  /// Waits until the probe has drawn its screen and returns it.
  @discardableResult
  func waitForProbe() throws -> String {
    try tmux.waitForScreen("the probe's screen") { $0.contains("pid: ") && $0.contains("ticks: ") }
  }

  /// The probe's process id, as it shows it.
  func pid() throws -> pid_t {
    let screen = try waitForProbe()
    let digits = screen.components(separatedBy: "pid: ").dropFirst().first?.prefix { $0.isNumber } ?? ""
    guard let pid = pid_t(digits) else {
      throw TmuxSession.Failure(description: "no pid on screen:\n\(screen)")
    }
    return pid
  }

  /// Waits for the probe to end; returns its exit status as the shell reports it
  /// (128 + the signal for a signal) and the screen the shell shows afterwards.
  func waitForExit() throws -> (status: Int, screen: String) {
    let screen = try tmux.waitForText("probe-finished")
    let value = screen.components(separatedBy: "probe-exit=").dropFirst().first?.prefix { $0.isNumber } ?? ""
    guard let status = Int(value) else {
      throw TmuxSession.Failure(description: "no exit status:\n\(screen)")
    }
    return (status, screen)
  }

  /// The terminal settings (`stty -g`) the script saved before ("before") or after ("after") the probe.
  func savedSettings(_ name: String) throws -> String {
    try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
  }

  /// The pane's terminal settings right now, read from outside with `stty -F`.
  func currentSettings() throws -> String {
    guard let stty = CommandRunner.findOnPath("stty") else {
      throw TmuxSession.Failure(description: "no stty")
    }
    return try CommandRunner.run(stty, ["-F", tmux.paneTerminal(), "-g"]).standardOutput
  }

  /// `text` in single quotes for sh.
  static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
