import AppleWireTypes
import Foundation
import Testing

@Suite("Apple's wire types: environment")
struct AppleEnvironmentTests {
  @Test func knownValuesEncodeAsApplesStrings() throws {
    let encoded = try JSONEncoder().encode([AppleEnvironment.sandbox, .production, .xcode, .localTesting])
    #expect(String(decoding: encoded, as: UTF8.self) == #"["Sandbox","Production","Xcode","LocalTesting"]"#)
  }

  @Test func anUnknownValueIsKeptAsSent() throws {
    let decoded = try JSONDecoder().decode(
      [AppleEnvironment].self, from: Data(#"["Sandbox","Staging"]"#.utf8))
    #expect(decoded == [.sandbox, AppleEnvironment(rawValue: "Staging")])
    #expect(decoded[1] != .production && decoded[1] != .sandbox)
    #expect(String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self) == #"["Sandbox","Staging"]"#)
  }

  @Test func aNonStringIsRefused() {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([AppleEnvironment].self, from: Data("[1]".utf8))
    }
  }
}
