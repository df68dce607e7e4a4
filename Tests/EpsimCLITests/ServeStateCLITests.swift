import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `epsim serve --state DIR` from the command line: a resumed world, and the starts it refuses
/// with a reason and exit 2 (a scenario given to a directory that holds a world, a directory of
/// a newer epsim, a second server on the same directory, a rate without the wall clock).
@Suite("epsim serve --state: resume and refusals")
struct ServeStateCLITests {
  static func folder() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("epsim-state-cli-\(UUID().uuidString)").path
  }

  static func post(_ base: String, _ path: String, _ body: String) async throws -> Int {
    var request = URLRequest(url: try #require(URL(string: base + path)))
    request.httpMethod = "POST"
    request.httpBody = Data(body.utf8)
    let (_, response) = try await URLSession.shared.data(for: request)
    return (response as? HTTPURLResponse)?.statusCode ?? 0
  }

  static func tokenIds(_ base: String) async throws -> [String] {
    let (data, _) = try await URLSession.shared.data(
      from: try #require(URL(string: base + "/epsim/v1/tokens")))
    let tokens = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    return tokens.compactMap { $0["externalPurchaseId"] as? String }
  }

  @Test func aRestartOnTheSameDirectoryResumesTheWorldAndRefusesAScenario() async throws {
    let state = Self.folder()
    let scenario = "docs/examples/refresh-forced.epsim"
    let first = try await BackgroundServe.start(["--scenario", scenario, "--state", state])
    #expect(
      try await Self.post(
        first.base, "/epsim/v1/events",
        #"{"type":"requestToken","device":"alice.iphone","tokenType":"SERVICES"}"#) == 200)
    let before = try await Self.tokenIds(first.base)
    #expect(first.standardError.contains("AuthKey.p8"), "the made key is kept beside the state")
    kill(first.process.processIdentifier, SIGKILL)
    first.process.waitUntilExit()
    first.removeFiles()

    let again = try EpsimExecutable.run(["serve", "--scenario", scenario, "--state", state, "--port", "0"])
    #expect(again.status == 2)
    #expect(again.standardError.contains("already holds a world; start without \(scenario) to resume it"))

    let second = try await BackgroundServe.start(["--state", state])
    #expect(try await Self.tokenIds(second.base) == before)
    #expect(
      second.standardError.contains("resumed \(state): 2 saved changes"), "the step and its notification")
    let third = try EpsimExecutable.run(["serve", "--state", state, "--port", "0"])
    #expect(third.status == 2)
    #expect(third.standardError.contains("another epsim is using this state directory"))
    #expect(second.stop() == 0)
    second.removeFiles()
  }

  @Test func aStoreKitCatalogIsKeptByTheDirectory() async throws {
    let state = Self.folder()
    let copy = Self.folder() + ".storekit"
    try FileManager.default.copyItem(atPath: "docs/examples/storekit/Newsstand.storekit", toPath: copy)
    let first = try await BackgroundServe.start(["--storekit", copy, "--state", state])
    let (data, _) = try await URLSession.shared.data(
      from: try #require(URL(string: first.base + "/epsim/v1/commerce/catalog")))
    #expect(first.stop() == 0)
    first.removeFiles()
    // The file changes after the start: the saved world keeps the catalog it began with.
    try FileManager.default.removeItem(atPath: copy)

    let again = try EpsimExecutable.run(["serve", "--storekit", copy, "--state", state, "--port", "0"])
    #expect(again.status == 2)
    #expect(again.standardError.contains("already holds a world; start without \(copy) to resume it"))
    let second = try await BackgroundServe.start(["--state", state])
    let (resumed, _) = try await URLSession.shared.data(
      from: try #require(URL(string: second.base + "/epsim/v1/commerce/catalog")))
    #expect(resumed == data)
    #expect(!data.isEmpty)
    #expect(second.stop() == 0)
    second.removeFiles()
  }

  @Test func aDirectoryOfANewerEpsimIsRefusedNotMisread() throws {
    let state = Self.folder()
    try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
    let manifest =
      #"{"format":"epsim-state","version":99,"writtenBy":"epsim 9.9.9","start":{"door":"serve"}}"#
    try Data(manifest.utf8).write(to: URL(fileURLWithPath: state).appendingPathComponent("state.json"))
    let outcome = try EpsimExecutable.run(["serve", "--state", state, "--port", "0"])
    #expect(outcome.status == 2)
    #expect(outcome.standardError.contains("written by epsim 9.9.9 in a newer state format (99)"))
    #expect(outcome.standardOutput.isEmpty, "nothing listened")
  }

  @Test(arguments: [
    (["--rate", "60"], "--rate applies to --clock wall"),
    (["--clock", "wall", "--rate", "0"], "--rate must be above 0"),
    (["--clock", "wall", "--rate", "nan"], "--rate must be above 0"),
    (["--clock", "wall", "--rate", "1e300"], "--rate must be above 0 and at most 1000000"),
    (["--clock", "sundial"], "sundial"),
  ])
  func aClockOptionOutOfRangeIsRefused(arguments: [String], message: String) throws {
    let outcome = try EpsimExecutable.run(["serve", "--port", "0"] + arguments)
    #expect(outcome.status != 0)
    #expect(outcome.standardError.contains(message))
  }

  @Test func theUIKeepsStateOnlyBesideItsServer() throws {
    let outcome = try EpsimExecutable.run(["tui", "--state", Self.folder()])
    #expect(outcome.status != 0)
    #expect(
      outcome.standardError.contains("--state keeps the state of the server beside the UI; add --serve"))
  }
}
