import Foundation
import Testing

/// Every `sh` block of the README and docs/*.md runs as printed, from the repository root, with the
/// built `epsim` first on PATH (what `scripts/install` gives a reader), so the docs cannot drift
/// from the commands again (issue 28).
///
/// Each document's blocks run in order in one bash, as a reader pastes them into one terminal
/// (a later block may use a variable an earlier one set), with `set -e -o pipefail`: any failing
/// command fails the test. They run in a copy of the repository, with a temporary HOME and TMPDIR
/// inside it; the copy is removed afterwards. A reader runs them in the checkout, so a document
/// must leave the copy as it found it: the files its commands write (keys, logs, generated tokens)
/// go to a folder from `mktemp -d`, or are removed by the recipe. Blocks marked
/// `<!-- doc-test: skip (reason) -->` are left out: the interactive UI, a server in the
/// foreground, commands that need a backend or rebuild the package.
@Suite("The documents' shell commands (README.md, docs/*.md)")
struct DocCommandTests {
  static let repository = EpsimExecutable.repository

  static func documents() throws -> [String] { try DocShellBlocks.documents(in: repository) }

  static func blocks(of document: String) throws -> [DocShellBlock] {
    let text = try String(contentsOf: repository.appendingPathComponent(document), encoding: .utf8)
    return try DocShellBlocks.blocks(in: text, document: document)
  }

  /// The README's commands are found, and the markers the other tests rely on parse.
  @Test func theDocumentsHaveShellBlocksAndEverySkipSaysWhy() throws {
    var all: [DocShellBlock] = []
    for document in try Self.documents() { all += try Self.blocks(of: document) }
    #expect(all.contains { $0.document == "README.md" && $0.skipReason == nil })
    #expect(all.filter { $0.skipReason == nil }.count >= 10, "\(all)")
    for block in all {
      if let reason = block.skipReason { #expect(!reason.isEmpty, "\(block)") }
    }
  }

  /// The parser finds `sh` blocks only, and a marker applies to the next block alone.
  @Test func markersApplyToTheNextShellBlockOnly() throws {
    let text = """
      ```
      epsim run FILE...
      ```
      <!-- doc-test: skip (the UI) -->
      ```sh
      epsim
      ```

      ```sh
      epsim --version
      ```
      """
    let blocks = try DocShellBlocks.blocks(in: text, document: "x.md")
    #expect(blocks.map(\.text) == ["epsim", "epsim --version"])
    #expect(blocks.map(\.skipReason) == ["the UI", nil])
    #expect(blocks.map(\.line) == [5, 9])
    #expect(throws: DocShellBlocks.MisplacedMarker.self) {
      try DocShellBlocks.blocks(in: "<!-- doc-test: skip (x) -->\nprose\n```sh\nls\n```", document: "x.md")
    }
  }

  @Test(arguments: try documents())
  func shellBlocksRunAsPrinted(document: String) throws {
    let runnable = try Self.blocks(of: document).filter { $0.skipReason == nil }
    guard !runnable.isEmpty else { return }
    let epsim = try EpsimExecutable.locate()
    let copy = try Self.copyOfRepository()
    defer { try? FileManager.default.removeItem(at: copy) }
    let home = copy.appendingPathComponent(Self.homeFolder)
    let scratch = copy.appendingPathComponent(Self.temporaryFolder)
    for folder in [home, scratch] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    let before = try Self.files(in: copy)

    // Servers a block starts in the background are stopped when the script ends, pass or fail.
    var script = """
      set -e -o pipefail
      trap 'status=$?; kill $(jobs -p) 2>/dev/null || true; wait 2>/dev/null || true; exit $status' EXIT
      trap 'echo "doc-test: the command on line $LINENO of the script failed, in the block at $DOC_BLOCK" >&2' ERR

      """
    for block in runnable {
      script += "DOC_BLOCK='\(block)'\n\(block.text)\n"
    }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let outcome = try EpsimExecutable.run(
      program: URL(fileURLWithPath: "/bin/bash"), ["-c", script], in: copy,
      environment: [
        "PATH": epsim.deletingLastPathComponent().path + ":" + path, "HOME": home.path,
        "TMPDIR": scratch.path,
      ])
    #expect(
      outcome.status == 0,
      """
      \(document): a command failed (exit \(outcome.status)).
      standard error:
      \(outcome.standardError)
      standard output (last 3,000 characters):
      \(outcome.standardOutput.suffix(3000))
      """)
    let left = try Self.files(in: copy).subtracting(before)
    #expect(left.isEmpty, "\(document) leaves files in the working tree: \(left.sorted())")
  }

  /// The copy's HOME and TMPDIR, whose contents the commands may leave.
  static let homeFolder = ".doc-test-home"
  static let temporaryFolder = ".doc-test-tmp"

  /// Every path under `folder`, relative to it, but for what is under HOME and TMPDIR.
  static func files(in folder: URL) throws -> Set<String> {
    let paths = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
    return Set(
      paths.filter { path in
        ![homeFolder, temporaryFolder].contains { path == $0 || path.hasPrefix($0 + "/") }
      })
  }

  /// The checkout's files without the build directories and git's own, in a new temporary folder.
  static func copyOfRepository() throws -> URL {
    let copy = FileManager.default.temporaryDirectory.appendingPathComponent(
      "epsim-doc-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
    for name in try FileManager.default.contentsOfDirectory(atPath: repository.path)
    where !name.hasPrefix(".build") && ![".git", ".swiftpm", "Package.resolved"].contains(name) {
      try FileManager.default.copyItem(
        at: repository.appendingPathComponent(name), to: copy.appendingPathComponent(name))
    }
    return copy
  }
}
