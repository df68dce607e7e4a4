import Foundation
import TextFrame

/// Runs a `TerminalApp` full-screen in the terminal until it quits.
public enum TerminalSession {
  /// True when standard input and output are both terminals. A command should check this
  /// before `run(_:)` and refuse to draw a screen into a pipe or file.
  public static var isInteractive: Bool {
    isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
  }

  /// Takes over the terminal, feeds `app` events and draws its frames until it answers `.quit`,
  /// then restores the terminal and returns the app as it ended.
  ///
  /// The first event is `.resize` with the starting size. Ctrl-C is not a key unless the app's
  /// `takesControlCAsKey` says so: it raises SIGINT, which restores the terminal and ends the
  /// process with the usual status (see docs/decisions/0064-ctrl-c-is-sigint-not-a-key.md
  /// and, for the app's choice,
  /// docs/decisions/0110-ctrl-c-is-a-key-in-epsim-quitting-with-unsaved.md); so do SIGTERM,
  /// SIGHUP, SIGQUIT and crashes, whatever the app says.
  /// - Throws: `TerminalSessionError` when there is no terminal or curses does not know it.
  @discardableResult
  public static func run<App: TerminalApp>(
    _ app: App, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws -> App {
    guard isInteractive else { throw TerminalSessionError.notATerminal }
    setlocale(LC_ALL, "")
    TerminalRestorer.install()
    defer { TerminalRestorer.uninstall() }
    let screen = try CursesScreen(environment: environment)
    defer { screen.close() }
    if app.takesControlCAsKey { screen.disableInterruptCharacter() }
    if app.wantsMouse { screen.enableMouse() }
    TerminalRestorer.arm(restoreSequence: screen.restoreSequence)
    return loop(app, on: screen)
  }

  private static func loop<App: TerminalApp>(_ app: App, on screen: CursesScreen) -> App {
    var app = app
    let clock = ContinuousClock()
    let start = clock.now
    let now = { Int((clock.now - start) / .milliseconds(1)) }
    var timer = TickTimer(now: now())
    var events: [TerminalEvent] = [.resize(width: screen.size.width, height: screen.size.height)]
    var clipboard: String?
    while true {
      for event in events {
        switch app.handle(event) {
        case .keepRunning: break
        case .quit: return app
        case .copyToClipboard(let text): clipboard = text
        }
      }
      events = []
      var frame = Frame(width: screen.size.width, height: screen.size.height)
      app.render(into: &frame, capabilities: screen.capabilities)
      screen.draw(frame)
      if let text = clipboard {
        // After doupdate, so the sequence cannot land inside curses' half-written output.
        FileHandle.standardOutput.write(Data(ClipboardSequence.osc52(text).utf8))
        clipboard = nil
      }
      switch screen.readInput(timeout: timer.inputTimeout(now: now(), interval: app.tickInterval)) {
      case .key(let key): events.append(.key(key))
      case .mouse(let mouse): events.append(.mouse(mouse))
      case .resize(let width, let height): events.append(.resize(width: width, height: height))
      case .nothing: break
      }
      if let elapsed = timer.takeTick(now: now(), interval: app.tickInterval) {
        events.append(.tick(elapsedMilliseconds: elapsed))
      }
    }
  }
}
