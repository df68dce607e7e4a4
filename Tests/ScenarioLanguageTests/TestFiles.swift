import Foundation

/// Paths of the repository's scenario files, found from this source file's location.
enum TestFiles {
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static let examples = repository.appendingPathComponent("docs/examples")
  static let fixtures = repository.appendingPathComponent("Tests/ScenarioLanguageTests/Fixtures")

  /// Every `.epsim` file in a directory, sorted by name.
  static func scenarios(in directory: URL) throws -> [URL] {
    try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == "epsim" }
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
  }

  static func text(_ url: URL) throws -> String {
    try String(contentsOf: url, encoding: .utf8)
  }

  /// A path relative to the repository, as error messages show it.
  static func relative(_ url: URL) -> String {
    String(url.path.dropFirst(repository.path.count + 1))
  }
}
