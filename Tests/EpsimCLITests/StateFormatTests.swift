import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A `--state` directory written by an earlier epsim still opens: `Fixtures/state-format-1` was
/// written in journal format 1 by the last build before format 2 (fc6743c, with
/// `Fixtures/make-state-format-1`), and `state-format-1-answers` holds what that build answered
/// once it resumed it. Today's epsim must resume it to the same answers, and raise its manifest to
/// the current format before writing, so the older epsim refuses it clearly afterwards.
@Suite("epsim serve --state: a directory of an older format")
struct StateFormatTests {
  static let fixture = "Tests/EpsimCLITests/Fixtures/state-format-1"
  static let answers = "Tests/EpsimCLITests/Fixtures/state-format-1-answers"
  static let routes = [
    "world", "tokens", "plan", "notifications", "commerce/customers/alice/transactions",
    "commerce/customers/alice/subscriptions",
  ]

  static func parsed(_ data: Data) throws -> NSObject {
    try #require(try JSONSerialization.jsonObject(with: data) as? NSObject)
  }

  @Test func aFormat1DirectoryResumesToTheAnswersItsBuildGave() async throws {
    let copy = FileManager.default.temporaryDirectory.appendingPathComponent(
      "epsim-format1-\(UUID().uuidString)")
    try FileManager.default.copyItem(
      at: EpsimExecutable.repository.appendingPathComponent(Self.fixture), to: copy)
    defer { try? FileManager.default.removeItem(at: copy) }
    let server = try await BackgroundServe.start(["--state", copy.path])
    for route in Self.routes {
      let (data, _) = try await URLSession.shared.data(
        from: try #require(URL(string: server.base + "/epsim/v1/" + route)))
      let expected = try Data(
        contentsOf: EpsimExecutable.repository.appendingPathComponent(
          Self.answers + "/" + route.replacingOccurrences(of: "/", with: "-") + ".json"))
      #expect(try Self.parsed(data) == Self.parsed(expected), "GET /epsim/v1/\(route)")
    }
    #expect(server.stop() == 0)
    server.removeFiles()
    let manifest = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: copy.appendingPathComponent("state.json")))
        as? [String: Any])
    #expect(manifest["version"] as? Int == 2, "raised to the format it is now written in")
  }
}
