import Foundation

/// A private tmux server with one detached session, driven like a person at a keyboard:
/// send keys, read the screen, resize the window.
///
/// Every session gets its own server socket (`tmux -L`) in a folder of its own (`TMUX_TMPDIR`),
/// so tests can run in parallel and never touch a user's tmux; `close()` (also run on deinit)
/// kills that server and removes the folder, since tmux leaves its socket file behind.
final class TmuxSession {
  /// Something tmux could not do, with what was on the screen where that helps.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  let socketName: String
  /// Where the server's socket lives: tmux's TMUX_TMPDIR for this session only.
  let socketFolder: URL
  private let tmux: URL
  private var isClosed = false

  /// Starts a server and a `width` x `height` session running `command` through `sh -c`.
  init(width: Int = 80, height: Int = 24, command: String) throws {
    guard let tmux = CommandRunner.findOnPath("tmux") else {
      throw Failure(
        description: "tmux is not installed, and the terminal end-to-end tests need it: apt-get install tmux")
    }
    self.tmux = tmux
    socketName = "epsim-test-\(getpid())-\(UUID().uuidString.prefix(8))"
    socketFolder = FileManager.default.temporaryDirectory.appendingPathComponent(socketName)
    try FileManager.default.createDirectory(at: socketFolder, withIntermediateDirectories: true)
    try run(["new-session", "-d", "-s", "main", "-x", "\(width)", "-y", "\(height)", command])
  }

  deinit {
    close()
  }

  /// Sends keys by tmux's names: "a", "Up", "Escape", "F1", "C-c", "BTab", ...
  func sendKeys(_ keys: String...) throws {
    try run(["send-keys", "-t", "main"] + keys)
  }

  /// Types `text` into the pane as it is (escape sequences included), as a terminal would send it.
  func sendLiteral(_ text: String) throws {
    try run(["send-keys", "-t", "main", "-l", text])
  }

  /// The visible screen as text, one line per row.
  func capture(withEscapes: Bool = false) throws -> String {
    try run(["capture-pane", "-p", "-t", "main"] + (withEscapes ? ["-e"] : []))
  }

  /// Polls the screen every 50 ms until `condition` holds, failing after `timeout`.
  @discardableResult
  func waitForScreen(
    _ what: String, timeout: Duration = .seconds(10), until condition: (String) -> Bool
  ) throws -> String {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while true {
      let screen = try capture()
      if condition(screen) { return screen }
      guard clock.now < deadline else {
        throw Failure(description: "waited \(timeout) for \(what); the screen shows:\n\(screen)")
      }
      Thread.sleep(forTimeInterval: 0.05)  // one polling step, not a guess at timing
    }
  }

  /// Waits until every one of `texts` is on the screen at once and returns the screen.
  ///
  /// Asking for everything in one wait matters: curses draws a screen in pieces, so a capture
  /// taken as soon as one text shows may not yet hold another drawn in the same refresh.
  @discardableResult
  func waitForText(_ texts: String...) throws -> String {
    try waitForAll(texts)
  }

  /// Sends `keys`, then waits as `waitForText` does for `texts`: one turn of a conversation.
  @discardableResult
  func press(_ keys: String..., until texts: String...) throws -> String {
    try run(["send-keys", "-t", "main"] + keys)
    return try waitForAll(texts)
  }

  private func waitForAll(_ texts: [String]) throws -> String {
    try waitForScreen(texts.map { "\"\($0)\"" }.joined(separator: " and ")) { screen in
      texts.allSatisfy { screen.contains($0) }
    }
  }

  func resize(width: Int, height: Int) throws {
    try run(["resize-window", "-t", "main", "-x", "\(width)", "-y", "\(height)"])
  }

  /// The terminal device of the pane, such as /dev/pts/3.
  func paneTerminal() throws -> String {
    try paneValue("#{pane_tty}")
  }

  /// One of tmux's formats for the pane, such as `#{pane_pid}`.
  func paneValue(_ format: String) throws -> String {
    try run(["display-message", "-p", "-t", "main", format]).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The text of tmux's most recent paste buffer.
  func pasteBuffer() throws -> String {
    try run(["show-buffer"])
  }

  func setGlobalOption(_ name: String, _ value: String) throws {
    try run(["set-option", "-g", name, value])
  }

  /// Kills the server and everything running in it.
  func close() {
    guard !isClosed else { return }
    isClosed = true
    _ = try? run(["kill-server"])
    try? FileManager.default.removeItem(at: socketFolder)
  }

  @discardableResult
  private func run(_ arguments: [String]) throws -> String {
    // No user configuration (-f /dev/null), and a UTF-8 locale so the screen reads back as UTF-8.
    var environment = ProcessInfo.processInfo.environment
    environment["LC_ALL"] = "C.UTF-8"
    environment.removeValue(forKey: "TMUX")
    environment["TMUX_TMPDIR"] = socketFolder.path
    let result = try CommandRunner.run(
      tmux, ["-L", socketName, "-f", "/dev/null"] + arguments, environment: environment)
    guard result.status == 0 else {
      throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed: \(result.standardError)")
    }
    return result.standardOutput
  }
}
