import EpsimTUI
import Foundation
import LifecycleSimulator
import TerminalEffects
import Testing

@Suite("Update: search, copy, export")
struct SearchAndOutputTests {
  @Test func searchFindsTokensByIdPartAnywhere() throws {
    var state = TUIState.demo()
    state.type("i2jjjjji3")  // alice SERVICES, kenji IN_APP
    let alices = state.world.tokens[0].token.externalPurchaseId
    #expect(state.selectedCustomerId == "kenji")
    let part = String(alices.dropFirst(8).prefix(6)).lowercased()
    state.type("/")
    #expect(state.context == .search)
    state.type(part)
    #expect(state.screen.contains("/\(part)"))
    state.press(.enter)
    #expect(state.selectedCustomerId == "alice")
    #expect(state.selectedIssuedToken?.token.externalPurchaseId == alices)
    #expect(state.status?.text.contains("match 1 of 1") == true)
  }

  @Test func nextAndPreviousMatchWrapAround() {
    var state = TUIState.demo()
    state.type("i2jjjjji343")
    state.type("/")
    state.type("sandbox_")
    state.press(.enter)
    let first = state.selectedIssuedToken?.id
    state.type("n")
    #expect(state.selectedIssuedToken?.id != first)
    state.type("nnN")
    #expect(state.status?.text.contains("of 4") == true)
    state.type("/")  // the prompt opens empty: what is typed is the whole new filter
    state.type("zzz")
    state.press(.enter)
    #expect(state.status?.text == "no token id contains 'zzz'; the log shows only lines with it")
  }

  @Test func copyAsksTheHostForTheClipboard() throws {
    var state = TUIState.demo()
    #expect(state.type("y").isEmpty)
    state.type("i2")
    let raw = try #require(state.selectedIssuedToken?.raw)
    #expect(state.type("y") == [.copyToClipboard(raw)])
    state.press(.enter)
    #expect(state.type("y") == [.copyToClipboard(raw)], "also from the details overlay")
    state.handle(.clipboardCopied(error: "no terminal"))
    #expect(state.status?.kind == .error)
  }

  @Test func exportWritesEveryTokenAtomically() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("epsim-tui-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("tokens.json").path
    var state = TUIState.demo()
    state.type("i21X")
    #expect(state.screen.contains("epsim-tokens.json"))
    state.replaceField(with: path)
    let effects = state.press(.enter)
    #expect(state.context == .main)
    guard case .writeFile(let target, let contents) = effects.first else {
      Issue.record("export should ask for a file write")
      return
    }
    #expect(target == path)
    let result = try #require(EffectRunner.perform(effects[0]))
    state.handle(result)
    #expect(state.status?.text == "exported 2 tokens to \(path)")
    let written = try String(contentsOfFile: path, encoding: .utf8)
    #expect(written == contents)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(written.utf8)) as? [String: Any])
    let tokens = try #require(json["tokens"] as? [[String: Any]])
    #expect(tokens.count == 2)
    #expect(tokens[0]["externalPurchaseId"] as? String == state.world.tokens[0].token.externalPurchaseId)
    #expect((tokens[1]["decoded"] as? [String: Any])?["tokenType"] as? String == "ACQUISITION")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(leftovers == ["tokens.json"], "no temporary file stays behind")
  }

  @Test func exportErrorsShowInTheStatusLine() throws {
    var state = TUIState.demo()
    state.type("X")
    state.replaceField(with: "/nonexistent-dir-for-epsim/tokens.json")
    let effects = state.press(.enter)
    let result = try #require(effects.first.flatMap(EffectRunner.perform))
    state.handle(result)
    #expect(state.status?.kind == .error)
    #expect(state.status?.text.contains("No such file or directory") == true)
    #expect(!FileManager.default.fileExists(atPath: "/nonexistent-dir-for-epsim"))
  }
}
