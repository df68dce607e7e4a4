import AppleSigning
import Foundation
import MockAppleHTTP

extension ServerOptions {
  /// The control token from --control-token, else from EPSIM_CONTROL_TOKEN; nil for neither.
  /// A refusal never repeats the token: it may be a real secret with a typo.
  func resolvedControlToken(
    command: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws -> ControlToken? {
    let source: String
    let text: String
    if let controlToken {
      (source, text) = ("--control-token", controlToken)
    } else if let value = environment[Self.controlTokenVariable] {
      (source, text) = (Self.controlTokenVariable, value)
    } else {
      return nil
    }
    if let problem = ControlToken.problem(with: text) {
      throw ReportCLI.usage(command, "\(source): \(problem)")
    }
    return ControlToken(text)
  }

  /// Refuses a --host other than loopback while the control API has no token, unless
  /// --insecure-control-api says the risk is taken knowingly.
  func checkExposure(token: ControlToken?, command: String) throws {
    guard token == nil, !insecureControlAPI, !LoopbackHost.isLoopback(host) else { return }
    throw ReportCLI.usage(
      command,
      "--host \(host) is not a loopback address, and without a control token anyone who reaches it "
        + "could move the clock, refund purchases and read every token. Give the control API a token "
        + "with --control-token TOKEN (or \(Self.controlTokenVariable)), or accept the risk with "
        + "--insecure-control-api")
  }

  /// The HTTPS certificate and key, both or neither, read and checked against each other.
  func serverTLS(command: String) throws -> ServerTLS? {
    switch (tlsCert, tlsKey) {
    case (nil, nil): return nil
    case (.some, nil):
      throw ReportCLI.usage(command, "--tls-cert needs --tls-key, the certificate's private key")
    case (nil, .some):
      throw ReportCLI.usage(command, "--tls-key needs --tls-cert, the certificate it belongs to")
    case (.some(let certificatePath), .some(let keyPath)):
      let certificate = try fileBytes(certificatePath, command: command)
      let key = try fileBytes(keyPath, command: command)
      do throws(ServerTLSError) {
        return try ServerTLS(certificateChain: certificate, privateKey: key)
      } catch {
        switch error {
        case .certificate(let problem):
          throw ReportCLI.usage(command, "--tls-cert \(certificatePath) \(problem)")
        case .key(let problem): throw ReportCLI.usage(command, "--tls-key \(keyPath) \(problem)")
        case .mismatch:
          throw ReportCLI.usage(
            command, "--tls-key \(keyPath) is not the private key of the certificate in \(certificatePath)")
        }
      }
    }
  }

  /// The root of --test-ca, which must be there: a server does not make one behind the user's back.
  func keptTestRoot(command: String) throws -> LocalCertificateAuthority? {
    guard let testCA else { return nil }
    guard let root = try KeptRoot.load(from: testCA, command: command) else {
      throw ReportCLI.usage(
        command, "--test-ca \(testCA) holds no root CA; make one with `epsim cert --dir \(testCA)`")
    }
    return root
  }

  private func fileBytes(_ path: String, command: String) throws -> [UInt8] {
    switch InputFile.contents(of: path) {
    case .success(let data): return Array(data)
    case .failure(let problem): throw ReportCLI.usage(command, problem.description)
    }
  }
}
