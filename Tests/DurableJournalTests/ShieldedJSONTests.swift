import Foundation
import JSONShield
import Testing

/// The depth check in front of Foundation's JSON readers: 513 nested arrays ended `epsim serve`
/// (a body, or a JWT header), found by `fuzz/routes`.
@Suite("Foundation's JSON readers, shielded from deep nesting")
struct ShieldedJSONTests {
  @Test(arguments: [513, 514, 3000, 65])
  func aDocumentNestedPastTheLimitIsRefusedBeforeFoundationReadsIt(depth: Int) {
    let deep = Data(String(repeating: "[", count: depth).utf8)
    #expect(!ShieldedJSON.isShallow(deep))
    #expect(throws: ShieldedJSON.TooDeep.self) { _ = try ShieldedJSON.decode([String: Int].self, from: deep) }
    #expect(throws: ShieldedJSON.TooDeep.self) { _ = try ShieldedJSON.object(deep) }
  }

  @Test func bracketsInsideStringsDoNotCountAndRealDocumentsRead() throws {
    let text = #"{"a":"[[[[\"[[[[","b":[[1,2],{"c":[]}]}"# + String(repeating: "[", count: 0)
    let data = Data(text.utf8)
    #expect(ShieldedJSON.isShallow(data))
    let object = try #require(try ShieldedJSON.object(data) as? [String: Any])
    #expect(object["a"] as? String == "[[[[\"[[[[")
    let inString = Data(("[\"" + String(repeating: "[", count: 600) + "\"]").utf8)
    #expect(ShieldedJSON.isShallow(inString))
    #expect(try ShieldedJSON.decode([String].self, from: inString).first?.count == 600)
    let sixtyFour = Data((String(repeating: "[", count: 64) + String(repeating: "]", count: 64)).utf8)
    #expect(ShieldedJSON.isShallow(sixtyFour))
  }
}
