import Foundation

/// Writes files so that readers see the old contents or the new, never a half-written file:
/// a temporary file in the same directory, then rename(2) over the target.
public enum AtomicFile {
  /// Why a write failed, in words for the status line.
  public struct WriteError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
  }

  public static func write(_ contents: String, to path: String) throws(WriteError) {
    let target = URL(fileURLWithPath: path)
    let directory = target.deletingLastPathComponent()
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      throw WriteError(description: "directory \(directory.path) does not exist")
    }
    if FileManager.default.fileExists(atPath: target.path, isDirectory: &isDirectory), isDirectory.boolValue {
      throw WriteError(description: "\(target.path) is a directory")
    }
    let temporary = directory.appendingPathComponent(
      ".\(target.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
    guard FileManager.default.createFile(atPath: temporary.path, contents: Data(contents.utf8)) else {
      throw WriteError(description: "cannot create a file in \(directory.path) (permissions?)")
    }
    guard rename(temporary.path, target.path) == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: temporary)
      throw WriteError(description: "cannot replace \(target.path): \(reason)")
    }
  }
}
