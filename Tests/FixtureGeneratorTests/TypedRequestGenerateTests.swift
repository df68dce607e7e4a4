import ExternalPurchaseTokens
import FixtureGenerator
import LifecycleSimulator
import Testing

/// `generate`: devices on 27.2 ask for per-transaction tokens with the typed form (SPEC 5).
@Suite("Generate: typed requests on 27.2")
struct TypedRequestGenerateTests {
  @Test func perTransactionTokensFollowTheDevicesOS() throws {
    let generator = try FixtureGenerator(options: GenerateOptions(customers: 300, seed: 16, days: 30))
    var typed = 0
    var string = 0
    for number in 1...300 {
      let world = try generator.simulate(customer: number)
      for issued in world.tokens
      where issued.token.tokenType == .inApp || issued.token.tokenType == .linkOut {
        let device = try #require(world.device(issued.deviceId))
        let onTwentySevenTwo = device.osVersion >= OSVersion(27, 2)
        #expect((issued.typedRequest != nil) == onTwentySevenTwo, "\(issued.deviceId) \(device.osVersion)")
        if let request = issued.typedRequest {
          typed += 1
          #expect(issued.token.tokenType == TypedTokenTypes.assumed[request])
        } else {
          string += 1
        }
      }
    }
    #expect(typed > 0, "some Japanese or Brazilian devices run 27.2")
    #expect(string > 0, "and some run older versions")
  }

  @Test func jsonLinesCarryTheTypedRequest() throws {
    let lines = try TestRuns.lines(GenerateOptions(customers: 300, seed: 16, days: 30))
    let typed = lines.filter {
      $0.contains(#""typedRequest":"withinApp""#) || $0.contains(#""typedRequest":"outOfApp""#)
    }
    #expect(!typed.isEmpty)
    for line in typed {
      #expect(line.contains(#""source":"custom-link""#))
      let expected = line.contains(#""typedRequest":"withinApp""#) ? "IN_APP" : "LINK_OUT"
      #expect(line.contains(#""tokenType":"\#(expected)""#), "\(line.prefix(80))")
    }
    #expect(lines.contains { $0.contains(#""typedRequest":null"#) })
  }
}
