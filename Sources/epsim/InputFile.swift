import Foundation

/// Reads a file named on the command line, with the same words for a missing or unreadable file
/// in every command as `epsim run` uses for scenarios (`ScenarioFile`): "PATH: no such file".
enum InputFile {
  /// Why a named file could not be read; `description` is `PATH: reason`.
  struct Problem: Error, CustomStringConvertible {
    var path: String
    var reason: String
    var description: String { "\(path): \(reason)" }
  }

  /// The bytes of the file at `path`, or why there are none.
  static func contents(of path: String) -> Result<Data, Problem> {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      return .failure(Problem(path: path, reason: "no such file"))
    }
    if isDirectory.boolValue {
      return .failure(Problem(path: path, reason: "this is a directory, not a file"))
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      return .failure(Problem(path: path, reason: "the file cannot be read (check its permissions)"))
    }
    return .success(data)
  }
}
