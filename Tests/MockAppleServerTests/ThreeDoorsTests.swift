import Foundation
import LifecycleSimulator
import MockAppleTestSupport
import SharedTestSupport
import SimulatedWorld
import Testing
import TextFrame

@testable import EpsimTUI
@testable import ScenarioLanguage

/// One door, all doors: seeded random commands applied through the terminal UI (headless), the
/// session saved with `w` and run as `epsim run` runs it, and the same commands sent to the
/// control API, end in the same world: the same tokens, byte for byte and in order, at the same
/// time. A command one door refuses, every door refuses.
@Suite("Three doors, one world")
struct ThreeDoorsTests {

  static let devices = ["alice.iphone", "alice.ipad", "bruno.iphone", "kenji.iphone"]

  static func command(_ random: inout SplitMix64) -> WorldCommand {
    let device = devices[random.next(devices.count)]
    switch random.next(14) {
    case 0, 1: return .install(device: device)
    case 2: return .update(device: device, version: nil)
    case 3: return .uninstall(device: device)
    case 4: return .redownload(device: device)
    case 5, 6:
      return .request(type: [.acquisition, .services, .inApp, .linkOut][random.next(4)], device: device)
    case 7: return .checkEligibility(device: device)
    case 8: return .forceRefresh
    case 9: return .advance(.by(Int64(random.next(4) + 1) * 900_000))
    case 10: return .advance(.nextExpiry(offset: Int64(random.next(3)) - 1))
    case 11: return .advance(.nextMoment(offset: Int64(random.next(3)) - 1))
    case 12: return .setStorefront(device: device, storefront: ["nl", "jp", "fr", "us"][random.next(4)])
    default:
      return .setOS(
        device: device, version: [OSVersion(17, 5), OSVersion(18, 2), OSVersion(26, 4)][random.next(3)])
    }
  }

  /// What a door ended with: every token's string in the order made, and the clock.
  struct Outcome: Equatable, CustomStringConvertible {
    var tokens: [String]
    var now: VirtualTime
    var refused: [Int]
    var description: String { "\(tokens.count) tokens at \(now), refused steps \(refused)" }
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
  func randomCommandsEndInTheSameWorldThroughEveryDoor(seed: UInt64) async throws {
    var random = SplitMix64(seed: seed)
    let commands = (0..<30).map { _ in Self.command(&random) }

    // The UI, headless: each command as its keys and forms give it.
    var state = TUIState(world: DemoWorld.world(rules: .production))
    var uiRefused: [Int] = []
    for (index, command) in commands.enumerated() {
      let made = Flag()
      state.apply(command) { _, applied in made.set(applied) }
      if !made.value { uiRefused.append(index) }
    }
    let ui = Outcome(tokens: state.world.tokens.map(\.raw), now: state.world.now, refused: uiRefused)

    // `w`, then the saved file as `epsim run` runs it.
    _ = state.handle(.key(.character("w")))
    let effects = state.handle(.key(.enter))
    guard case .writeFile(_, let text) = try #require(effects.first) else {
      Issue.record("w wrote nothing")
      return
    }
    let (transcript, world) = ScenarioRunner().execute(
      try ScenarioParser.parse(text, file: "saved.epsim"), file: "saved.epsim")
    #expect(transcript.passed, "seed \(seed): \(transcript.failure?.message ?? "an expectation failed")")
    // The saved file holds only the steps the UI made, so refusals are compared with the control API.
    #expect(world.tokens.map(\.raw) == ui.tokens, "seed \(seed): epsim run made other tokens than the UI")
    #expect(world.now == ui.now, "seed \(seed): epsim run ended at another time than the UI")

    // The control API, one request per command.
    try await TestServer.with(world: DemoWorld.world(rules: .production)) { server in
      var refused: [Int] = []
      for (index, command) in commands.enumerated() {
        let body = try JSONEncoder().encode(command.fields)
        let answer = try await server.request("POST", "/epsim/v1/events", body: body)
        if answer.status != 200 { refused.append(index) }
      }
      let tokens = try JSONSerialization.jsonObject(
        with: try await server.request("GET", "/epsim/v1/tokens").body)
      let world = try JSONSerialization.jsonObject(
        with: try await server.request("GET", "/epsim/v1/world").body)
      let api = Outcome(
        tokens: ((tokens as? [[String: Any]]) ?? []).compactMap { $0["token"] as? String },
        now: ((world as? [String: Any])?["now"] as? NSNumber)?.int64Value ?? -1, refused: refused)
      #expect(api == ui, "seed \(seed): UI \(ui), control API \(api)")
    }
  }
}

/// Whether a change the UI made was taken, as its `then` reports it (headless, the UI owns the
/// simulation, so it reports before `apply` returns).
final class Flag: @unchecked Sendable {
  private let lock = NSLock()
  private var stored = false
  var value: Bool { lock.withLock { stored } }
  func set(_ value: Bool) { lock.withLock { stored = value } }
}
