import Foundation

/// A fresh folder under the system's temporary directory for one test.
public enum TemporaryFolder {
  /// Makes `<prefix>-<UUID>`; the caller removes it.
  public static func make(_ prefix: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// Runs `body` with a new folder `<prefix>-<UUID>` and removes the folder afterwards, whatever
  /// happens.
  public static func with<T>(_ prefix: String, _ body: (URL) throws -> T) throws -> T {
    let folder = try make(prefix)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
  }
}
