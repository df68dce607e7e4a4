import Foundation
import SharedTestSupport
import Testing

/// The typed `token(for:)` of 27.2 through the command line: run, report plan, generate.
@Suite("epsim: typed requests of 27.2")
struct TypedRequestCLITests {
  @Test func runJSONNamesTheTypedRequestOfEachToken() throws {
    let result = try EpsimExecutable.run([
      "run", "docs/examples/typed-and-string-forms.epsim", "--format", "json",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let steps = try #require((root["scenarios"] as? [[String: Any]])?.first?["steps"] as? [[String: Any]])
    let requests = steps.filter { ($0["statement"] as? String)?.hasPrefix("request ") == true }
      .prefix(4).map { ($0["result"] as? [String: Any])?["token"] as? [String: Any] }
    #expect(requests.map { $0?["typedRequest"] as? String } == [nil, "withinApp", nil, "outOfApp"])
    let gone = steps.first {
      ($0["statement"] as? String) == "request IN_APP on bruna.iphone" && $0["line"] as? Int == 24
    }
    #expect((gone?["result"] as? [String: Any])?["code"] as? String == "string-form-gone")
  }

  @Test func aBadTypedLineExitsTwoWithItsPlace() throws {
    let directory = try TemporaryFolder.make("epsim-typed")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("bad.epsim")
    try Data("device k.i iOS 27.2 storefront jp\ntyped-token-type withinApp SERVICES\n".utf8).write(to: file)
    let result = try EpsimExecutable.run(["run", file.path])
    #expect(result.status == 2)
    #expect(result.standardOutput.isEmpty, "no partial output")
    #expect(
      result.standardError.contains(
        "bad.epsim:2:28: expected the token type a typed request carries (IN_APP or LINK_OUT), found 'SERVICES'"
      ),
      "\(result.standardError)")
  }

  @Test func reportPlanJSONCarriesTheTypedRequest() throws {
    let result = try EpsimExecutable.run([
      "report", "plan", "docs/examples/os-update-to-27-2.epsim", "--json",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let plans = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
    let typed = plans.compactMap { $0["typedRequest"] as? String }
    #expect(typed == ["withinApp", "outOfApp", "withinApp"])
    #expect(
      plans.filter { $0["typedRequest"] != nil }.allSatisfy { $0["status"] as? String != "DUPLICATE_TOKEN" })
  }

  @Test func generateWritesTypedRequestsForDevicesOnTwentySevenTwo() throws {
    let result = try EpsimExecutable.run(["generate", "--customers", "200", "--seed", "16"])
    #expect(result.status == 0, "\(result.standardError)")
    let lines = result.standardOutput.split(separator: "\n")
    #expect(lines.allSatisfy { $0.contains(#""typedRequest":"#) })
    #expect(lines.contains { $0.contains(#""typedRequest":"withinApp""#) })
    #expect(lines.contains { $0.contains(#""typedRequest":"outOfApp""#) })
  }
}
