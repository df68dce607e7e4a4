import Foundation
import SharedTestSupport
import Testing

/// Who may reach `epsim serve` and what it prints (issue 30): a non-loopback address needs a
/// control token or a knowing --insecure-control-api, the token is read from the environment and
/// never printed, and a key made for the run goes to a private file when standard error is not a
/// terminal.
@Suite("epsim serve: the control token, exposure, the generated key's file")
struct ServeAccessTests {
  static let secret = "test-control-token-4f1c9a7e2b"

  /// `epsim serve --port 0` run to its end with `environment` added.
  static func serve(environment: [String: String]) throws -> ProcessOutcome {
    try EpsimExecutable.run(["serve", "--port", "0"], environment: environment)
  }

  @Test(arguments: ["0.0.0.0", "::", "192.0.2.10"])
  func aNonLoopbackHostWithoutATokenIsRefusedBeforeAnythingElse(host: String) throws {
    let outcome = try EpsimExecutable.run(["serve", "--host", host, "--port", "0"])
    #expect(outcome.status == 2)
    #expect(outcome.standardOutput.isEmpty)
    #expect(
      outcome.standardError
        == "epsim serve: --host \(host) is not a loopback address, and without a control token anyone who "
        + "reaches it could move the clock, refund purchases and read every token. Give the control API a "
        + "token with --control-token TOKEN (or EPSIM_CONTROL_TOKEN), or accept the risk with "
        + "--insecure-control-api\n")
  }

  @Test func aBadTokenIsRefusedWithoutBeingRepeated() throws {
    let fromEnvironment = try Self.serve(environment: ["EPSIM_CONTROL_TOKEN": "tiny-tok"])
    #expect(fromEnvironment.status == 2)
    #expect(
      fromEnvironment.standardError
        == "epsim serve: EPSIM_CONTROL_TOKEN: the control token must be at least 16 characters; "
        + "`openssl rand -hex 32` makes one\n")
    let fromOption = try EpsimExecutable.run([
      "serve", "--port", "0", "--control-token", "has a space in it!",
    ])
    #expect(fromOption.status == 2)
    #expect(
      fromOption.standardError.hasPrefix("epsim serve: --control-token: the control token must be printable"))
    #expect(!fromOption.standardError.contains("has a space"))
  }

  @Test func theTokenFromTheEnvironmentLocksTheControlAPIAndIsNeverPrinted() async throws {
    let key = try temporarySigningKey()
    defer { try? FileManager.default.removeItem(atPath: key) }
    let server = try await BackgroundServe.start(
      ["--public-key", key], environment: ["EPSIM_CONTROL_TOKEN": Self.secret])
    defer { server.removeFiles() }
    let world = "\(server.base)/epsim/v1/world"
    let refused = try curl(["-o", "/dev/null", "-w", "%{http_code}", world])
    let wrong = try curl(["-o", "/dev/null", "-w", "%{http_code}", "-H", "Authorization: Bearer nope", world])
    let allowed = try curl([
      "-o", "/dev/null", "-w", "%{http_code}", "-H", "Authorization: Bearer \(Self.secret)", world,
    ])
    #expect(server.stop() == 0)
    #expect(refused.output == "401")
    #expect(wrong.output == "401")
    #expect(allowed.output == "200")
    #expect(server.standardOutput.contains("/epsim/v1 (bundle com.example.epsim), needs the control token\n"))
    #expect(!server.standardOutput.contains(Self.secret))
    #expect(!server.standardError.contains(Self.secret))
  }

  @Test func insecureControlAPIAcceptsTheRiskKnowingly() async throws {
    let key = try temporarySigningKey()
    defer { try? FileManager.default.removeItem(atPath: key) }
    let server = try await BackgroundServe.start(
      ["--host", "0.0.0.0", "--insecure-control-api", "--public-key", key])
    defer { server.removeFiles() }
    let port = try #require(server.base.split(separator: ":").last)
    // Reached through loopback only: the test sends nothing beyond this machine.
    let answer = try curl([
      "-o", "/dev/null", "-w", "%{http_code}", "http://127.0.0.1:\(port)/epsim/v1/world",
    ])
    #expect(server.stop() == 0)
    #expect(answer.output == "200")
  }

  @Test func loopbackNamesNeedNoToken() async throws {
    let key = try temporarySigningKey()
    defer { try? FileManager.default.removeItem(atPath: key) }
    for host in ["localhost", "127.0.0.2"] {
      let server = try await BackgroundServe.start(
        ["--host", host, "--public-key", key])
      #expect(server.stop() == 0, "\(host)")
      server.removeFiles()
    }
  }

  @Test func aGeneratedKeyGoesToAPrivateFileWhenStandardErrorIsNotATerminal() async throws {
    let server = try await BackgroundServe.start([])
    defer { server.removeFiles() }
    #expect(server.stop() == 0)
    let said = server.standardError
    #expect(!said.contains("PRIVATE KEY"))
    let path = try #require(
      said.range(of: #"written to (\S+) \(readable"#, options: .regularExpression).map {
        String(said[$0].dropFirst("written to ".count).dropLast(" (readable".count))
      }, "\(said)")
    defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let folder = try FileManager.default.attributesOfItem(
      atPath: (path as NSString).deletingLastPathComponent)
    #expect((folder[.posixPermissions] as? Int) == 0o700)
    let pem = try String(contentsOfFile: path, encoding: .utf8)
    #expect(pem.hasPrefix("-----BEGIN PRIVATE KEY-----\n"))
    #expect(
      said == "epsim serve: no --public-key, so a key was made for this run and written to \(path) "
        + "(readable by you only); sign your JWTs with it, and start with --public-key \(path) to keep it.\n")
  }

  /// A key that cannot be written safely is not printed instead: the server stops, says why.
  @Test func aKeyThatCannotBeWrittenStopsTheServerWithoutPrintingIt() throws {
    let outcome = try Self.serve(environment: ["TMPDIR": "/nonexistent-epsim-\(UUID().uuidString)"])
    #expect(outcome.status == 2)
    #expect(outcome.standardOutput.isEmpty, "no banner: the server stopped before announcing itself")
    #expect(!outcome.standardError.contains("PRIVATE KEY"))
    #expect(
      outcome.standardError.hasSuffix(": No such file or directory; start with --public-key FILE instead\n"))
  }
}
