import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `epsim serve` says when it cannot start, and the same words for a missing file in every
/// command (issue 28).
@Suite("epsim serve: a port in use; a missing file in every command")
struct ServeStartupMessageTests {
  /// A port another process listens on is the only thing printed: no generated key before it, no
  /// NIO system call, and what to do instead.
  @Test func aPortInUseIsSaidFirstWithWhatToDo() throws {
    let listener = try Listener()
    defer { listener.close() }
    let outcome = try EpsimExecutable.run(["serve", "--port", String(listener.port)])
    #expect(outcome.status == 2)
    #expect(outcome.standardOutput.isEmpty)
    #expect(
      outcome.standardError
        == "epsim serve: port \(listener.port) on 127.0.0.1 is in use; use --port N, or --port 0 for a free one\n"
    )
  }

  @Test(arguments: [
    (["run", "missing.epsim"], "epsim run: missing.epsim: no such file"),
    (["missing.epsim"], "epsim tui: missing.epsim: no such file"),
    (["tui", "missing.epsim"], "epsim tui: missing.epsim: no such file"),
    (["serve", "--scenario", "missing.epsim"], "epsim serve: missing.epsim: no such file"),
    (["serve", "--public-key", "missing.p8"], "epsim serve: missing.p8: no such file"),
    (["report", "plan", "missing.epsim"], "epsim report plan: missing.epsim: no such file"),
    (
      ["report", "check", "docs/examples/readme-example.epsim", "missing.json"],
      "epsim report check: missing.json: no such file"
    ),
    (["lint", "missing.plist"], "epsim lint: missing.plist: no such file"),
    (["run", "--files-from", "missing.txt"], "epsim run: --files-from missing.txt: no such file"),
  ])
  func aMissingFileReadsTheSameInEveryCommand(arguments: [String], message: String) throws {
    let outcome = try EpsimExecutable.run(arguments)
    #expect(outcome.status == 2)
    #expect(outcome.standardOutput.isEmpty)
    #expect(outcome.standardError == message + "\n")
  }

  /// A TCP socket listening on a free loopback port, standing for another server.
  private struct Listener {
    let descriptor: Int32
    let port: Int

    init() throws {
      #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
      #endif
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      address.sin_port = 0
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let listening = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
          bind(descriptor, pointer, length) == 0 && listen(descriptor, 1) == 0
            && getsockname(descriptor, pointer, &length) == 0
        }
      }
      try #require(descriptor >= 0 && listening, "cannot listen on a loopback port (errno \(errno))")
      self.descriptor = descriptor
      port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() {
      #if canImport(Glibc)
        _ = Glibc.close(descriptor)
      #else
        _ = Darwin.close(descriptor)
      #endif
    }
  }
}
