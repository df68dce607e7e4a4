import FileOutput
import Foundation

/// Where the private key made for a run goes when printing it would leave it in a log: a file
/// only its owner can read, whose path is printed instead.
enum GeneratedKeyFile {
  /// True when the key must go to a file: standard error is not a terminal (so it is a file, a
  /// pipe or a log collector), or the run keeps state in a directory (`stateDirectory`), beside
  /// which the key belongs. `--state` does not exist yet; when it does, it passes its directory.
  static func isNeeded(stateDirectory: String?, standardErrorIsTerminal: Bool = isatty(STDERR_FILENO) == 1)
    -> Bool
  {
    stateDirectory != nil || !standardErrorIsTerminal
  }

  /// Writes `pem` with mode 0600 as `AuthKey.p8` in `stateDirectory`, or in a new directory of
  /// its own (mode 0700) under the temporary directory; returns the file's path, or why not.
  static func write(_ pem: String, stateDirectory: String?) -> Result<String, FileOutputError> {
    let directory: String
    if let stateDirectory {
      directory = stateDirectory
    } else {
      switch privateDirectory() {
      case .success(let made): directory = made
      case .failure(let error): return .failure(error)
      }
    }
    let path = (directory as NSString).appendingPathComponent("AuthKey.p8")
    do throws(FileOutputError) {
      try AtomicFile.write(Array(pem.utf8), to: path, mode: 0o600)
    } catch {
      return .failure(error)
    }
    return .success(path)
  }

  /// What `epsim serve` prints instead of the key: where it is and how to keep using it.
  static func notice(path: String) -> String {
    "epsim serve: no --public-key, so a key was made for this run and written to \(path) "
      + "(readable by you only); sign your JWTs with it, and start with --public-key \(path) to keep it."
  }

  /// A new directory only its owner can enter (mkdtemp makes it 0700).
  private static func privateDirectory() -> Result<String, FileOutputError> {
    let pattern = (NSTemporaryDirectory() as NSString).appendingPathComponent("epsim-key-XXXXXX")
    var template = Array(pattern.utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    guard made != nil else {
      return .failure(FileOutputError(path: pattern, message: String(cString: strerror(errno))))
    }
    // mkdtemp replaced the X's in place; the last element is the terminating zero.
    return .success(String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
  }
}
