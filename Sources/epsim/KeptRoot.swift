import AppleSigning
import Foundation

/// The root certificate authority `epsim cert` keeps in a folder (`ca.pem`, `ca-key.pem`),
/// read by `epsim cert` to sign with again and by `epsim serve --test-ca`.
enum KeptRoot {
  static func certificatePath(in dir: String) -> String { (dir as NSString).appendingPathComponent("ca.pem") }
  static func keyPath(in dir: String) -> String { (dir as NSString).appendingPathComponent("ca-key.pem") }

  /// The root in `dir`; nil when the folder has neither file. Half a root, or files that are not
  /// a root and its key, are refused with the usage error of `command`.
  static func load(from dir: String, command: String) throws -> LocalCertificateAuthority? {
    let root = certificatePath(in: dir)
    let rootKey = keyPath(in: dir)
    let files = FileManager.default
    switch (files.fileExists(atPath: root), files.fileExists(atPath: rootKey)) {
    case (false, false): return nil
    case (true, false): throw ReportCLI.usage(command, "\(root) is there but its key \(rootKey) is not")
    case (false, true):
      throw ReportCLI.usage(command, "\(rootKey) is there but its certificate \(root) is not")
    case (true, true):
      let certificateText = try text(root, command: command)
      let keyText = try text(rootKey, command: command)
      do throws(LocalCertificateError) {
        return try LocalCertificateAuthority(rootPEM: certificateText, rootKeyPEM: keyText)
      } catch {
        throw ReportCLI.usage(command, "\(error == .unreadableRoot ? root : rootKey) \(error.description)")
      }
    }
  }

  private static func text(_ file: String, command: String) throws -> String {
    switch InputFile.contents(of: file) {
    case .success(let data): return String(decoding: data, as: UTF8.self)
    case .failure(let problem): throw ReportCLI.usage(command, problem.description)
    }
  }
}
