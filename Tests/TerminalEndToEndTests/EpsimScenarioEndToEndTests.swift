import Foundation
import SharedTestSupport
import Testing

/// Scenarios and the terminal UI, through the built binary in tmux: `epsim tui FILE` and
/// stepping through it, and a session saved with `w` that `epsim run` then passes.
@Suite("epsim terminal UI and scenarios end to end")
struct EpsimScenarioEndToEndTests {
  static let scenario =
    ScenarioSetup.aliceInTheNetherlands("sandbox", appId: 1, installed: true) + """
      request SERVICES on alice.iphone  expect new period
      advance to next expiry  expect SERVICES active
      """

  /// A fresh folder for the test's files, removed by the caller's `defer`.
  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("epsim-e2e-scenario-\(UUID())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func opensAScenarioAndStepsThroughItLineByLine() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("first.epsim").path
    try Self.scenario.write(toFile: file, atomically: true, encoding: .utf8)
    let run = try ProbeRun(
      executable: ProbeRun.epsimBinary(), arguments: ["tui", file], width: 120, height: 30)
    try run.tmux.waitForText("first.epsim:4  install alice.iphone", "0/3 steps", ". next line")
    try run.tmux.press(".", until: "first.epsim:5  request SERVICES on alice.iphone  expect new period")
    try run.tmux.press(
      ".", until: "first.epsim:5 SERVICES SANDBOX_", "pass    expect new period", "SERVICES #1")
    try run.tmux.sendKeys(".")
    try run.tmux.waitForText(
      "1 of 1 expectations FAIL", "FAIL    expect SERVICES active: expected active for alice, got expired",
      "every line stepped (3/3 steps)")
    try run.tmux.sendKeys("q")
    try run.expectCleanExit()
  }

  @Test func aSavedSessionPassesEpsimRun() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("session.epsim").path
    let run = try ProbeRun.epsim()
    try run.tmux.waitForText("alice.iphone")
    try run.tmux.press("i", "2", "2", "f", "2", "1", "e", "2", "w", until: "Save as scenario")
    try run.tmux.sendKeys("C-a", "C-k")
    try run.tmux.sendKeys(path)
    try run.tmux.press("Enter", until: "saved 8 steps as a scenario")
    try run.tmux.sendKeys("q")
    #expect(try run.waitForExit().status == 0)

    let result = try CommandRunner.run(ProbeRun.epsimBinary(), ["run", path])
    #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains("same period and refreshed id"))
    #expect(text.contains("expect SERVICES expired for alice and ACQUISITION expired for alice"))
  }
}
