import Foundation
import Testing

extension ProbeRun {
  /// The statuses a `fatalError` trap ends a program with: SIGILL on x86_64, SIGTRAP on arm64.
  private static let trapStatuses: Set<Int> = [128 + Int(SIGILL), 128 + Int(SIGTRAP)]

  /// Expects the terminal settings after the run to be those saved before it, and `during` (read
  /// while the program ran) to differ from them, so the program did change them and put them back.
  func expectRestored(
    settingsDuringTheRun during: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let before = try savedSettings("before")
    #expect(!before.isEmpty, sourceLocation: sourceLocation)
    #expect(try savedSettings("after") == before, sourceLocation: sourceLocation)
    #expect(during != before, sourceLocation: sourceLocation)
  }

  /// Waits until `ready` shows, presses `key`, which the program was told to crash on, and
  /// expects it to end by a trap with the terminal settings put back.
  func expectCrashRestoresTheTerminal(
    once ready: String, key: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try tmux.waitForText(ready)
    let during = try currentSettings()
    try tmux.sendKeys(key)
    #expect(Self.trapStatuses.contains(try waitForExit().status), sourceLocation: sourceLocation)
    try expectRestored(settingsDuringTheRun: during, sourceLocation: sourceLocation)
  }

  /// Waits for the program to end and expects status 0 with the terminal settings put back;
  /// returns the screen the shell shows afterwards.
  @discardableResult
  func expectCleanExit(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let exit = try waitForExit()
    #expect(exit.status == 0, sourceLocation: sourceLocation)
    #expect(try savedSettings("after") == savedSettings("before"), sourceLocation: sourceLocation)
    return exit.screen
  }
}
