import FixtureGenerator
import Foundation
import Testing

@Suite("sample-tokens/")
struct SampleTokensTests {
  /// The repository's sample-tokens directory, found from this file's path.
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("sample-tokens").path

  static func names(withExtension suffix: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(suffix) }.sorted()
  }

  static func contents(_ name: String, in directory: String = directory) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: directory).appendingPathComponent(name))
  }

  @Test func everyTokenDecodesToItsTwin() throws {
    let tokens = try Self.names(withExtension: ".token")
    #expect(tokens.count >= 18)
    for name in tokens {
      let stem = String(name.dropLast(".token".count))
      let text = String(decoding: try Self.contents(name), as: UTF8.self)
      #expect(text.hasSuffix("\n") && text.filter { $0 == "\n" }.count == 1, "\(name) is one line")
      let raw = String(text.dropLast())
      var twin = try FoundationTokenDecoding.fields(ofJSON: try Self.contents(stem + ".json"))
      let environment = twin.removeValue(forKey: "environment")
      let kind = twin.removeValue(forKey: "kind")
      let decoded = try FoundationTokenDecoding.decodedFields(ofToken: raw)
      #expect(decoded == twin, "\(name)")
      guard case .string(let id) = decoded["externalPurchaseId"] else {
        Issue.record("\(name) has no externalPurchaseId")
        continue
      }
      #expect(environment == .string(id.hasPrefix("SANDBOX") ? "sandbox" : "production"), "\(name)")
      #expect(kind == .string(decoded["tokenType"] == nil ? "plain" : "custom-link"), "\(name)")
    }
  }

  @Test func everyKindAndEnvironmentIsThere() throws {
    let tokens = Set(try Self.names(withExtension: ".token"))
    for environment in ["sandbox", "production"] {
      for sample in [
        "acquisition", "services", "services-refreshed", "in-app", "link-out", "notice-sheet",
        "external-purchase-link",
      ] {
        #expect(tokens.contains("\(environment)-\(sample).token"))
      }
      #expect(try Self.names(withExtension: ".url").contains("\(environment)-external-purchase-link.url"))
    }
    for quirk in ["padded", "trailing-newline", "pretty-json", "all-quirks"] {
      #expect(tokens.contains("quirks-\(quirk).token"))
    }
  }

  @Test func refreshedServicesSharesDatesNotId() throws {
    for environment in ["sandbox", "production"] {
      let original = try FoundationTokenDecoding.fields(
        ofJSON: try Self.contents("\(environment)-services.json"))
      let refreshed = try FoundationTokenDecoding.fields(
        ofJSON: try Self.contents("\(environment)-services-refreshed.json"))
      #expect(original["tokenCreationDate"] == refreshed["tokenCreationDate"])
      #expect(original["tokenExpirationDate"] == refreshed["tokenExpirationDate"])
      #expect(original["externalPurchaseId"] != refreshed["externalPurchaseId"])
    }
  }

  @Test func linkOutURLCarriesItsToken() throws {
    for environment in ["sandbox", "production"] {
      let stem = "\(environment)-external-purchase-link"
      let url = String(decoding: try Self.contents(stem + ".url"), as: UTF8.self)
      let token = String(decoding: try Self.contents(stem + ".token"), as: UTF8.self)
      let components = try #require(URLComponents(string: String(url.dropLast())))
      #expect(components.scheme == "https")
      #expect(
        components.queryItems?.first { $0.name == "externalPurchaseToken" }?.value == String(token.dropLast())
      )
      #expect(components.queryItems?.first { $0.name == "bundleId" }?.value == "com.example.epsim")
    }
  }

  @Test func quirkyFilesShowTheirQuirk() throws {
    func json(_ name: String) throws -> String {
      let raw = String(decoding: try Self.contents(name), as: UTF8.self).dropLast()
      return String(decoding: try FoundationTokenDecoding.jsonData(ofToken: String(raw)), as: UTF8.self)
    }
    let padded = String(decoding: try Self.contents("quirks-padded.token"), as: UTF8.self)
    #expect(padded.hasSuffix("=\n"))
    #expect(try json("quirks-trailing-newline.token").hasSuffix("}\n"))
    #expect(try json("quirks-pretty-json.token").hasPrefix("{\n\t"))
    let all = try json("quirks-all-quirks.token")
    #expect(all.hasPrefix("{\n\t") && all.hasSuffix("\n}\n"))
    #expect(String(decoding: try Self.contents("quirks-all-quirks.token"), as: UTF8.self).hasSuffix("=\n"))
  }

  @Test func theCommandReproducesTheDirectoryByteForByte() throws {
    let fresh = try TemporaryDirectory()
    try SampleTokens.write(to: fresh.path)
    let written = try FileManager.default.contentsOfDirectory(atPath: fresh.path).sorted()
    let committed = try FileManager.default.contentsOfDirectory(atPath: Self.directory).sorted()
    #expect(written == committed)
    for name in written {
      #expect(try Self.contents(name, in: fresh.path) == (try Self.contents(name)), "\(name) differs")
    }
  }
}
