import EpsimTUI
import FrameSnapshotTesting
import LifecycleSimulator
import ServerSightings
import Testing
import TextFrame

/// `epsim tui --serve`: what the mock server saw, per token, in the details pane and overlay.
@Suite("Server beside the UI")
struct ServerActivityTests {
  /// A SERVICES token on alice.iphone and a server view that has seen a report for it.
  static func servedState(width: Int = 80, height: Int = 24) throws -> (TUIState, String) {
    var state = TUIState.demo(width: width, height: height)
    state.type("i2")
    let id = try #require(state.selectedIssuedToken?.token.externalPurchaseId)
    state.handle(
      .serverActivity(
        ServerActivity(
          address: "http://127.0.0.1:8080",
          seenByToken: [
            id: [
              .report(
                status: "NO_LINE_ITEM", environment: .sandbox,
                requestIdentifier: "5EC2EBDA-0000-4000-8000-000000000000")
            ]
          ])))
    return (state, id)
  }

  @Test func theCompactDetailsShowTheLatestServerLine() throws {
    let (state, _) = try Self.servedState()
    let screen = state.render().text
    #expect(screen.contains("server: report NO_LINE_ITEM (sandbox) request 5EC2EBDA"))
    expectSnapshot(state.render(), named: "served-80x24")
  }

  @Test func theFullDetailsListEverythingTheServerSaw() throws {
    let (state, _) = try Self.servedState(width: 200, height: 60)
    let screen = state.render().text
    #expect(screen.contains("Seen by the mock server at http://127.0.0.1:8080"))
    #expect(screen.contains("report NO_LINE_ITEM (sandbox) request 5EC2EBDA"))
    #expect(screen.contains("serving http://127.0.0.1:8080"))
  }

  @Test func aTokenTheServerHasNotSeenSaysSo() throws {
    var (state, seen) = try Self.servedState(width: 200, height: 60)
    state.type("1")  // an ACQUISITION token, which the server view knows nothing of
    let selected = try #require(state.selectedIssuedToken?.token.externalPurchaseId)
    #expect(selected != seen)
    let screen = state.render().text
    #expect(screen.contains("Seen by the mock server at http://127.0.0.1:8080"))
    #expect(screen.contains("no reports or notifications yet"))
  }

  @Test func withoutAServerNothingIsShown() {
    var state = TUIState.demo(width: 200, height: 60)
    state.type("i2")
    #expect(state.server == nil)
    #expect(!state.render().text.contains("mock server"))
  }
}
