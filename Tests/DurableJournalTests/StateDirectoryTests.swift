import DurableJournal
import Foundation
import Testing

@Suite("State directory: lock, manifest, format version")
struct StateDirectoryTests {
  struct Start: Codable, Equatable {
    var scenario: String
  }

  static func folder() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("epsim-state-\(UUID().uuidString)").path
  }

  @Test func aNewDirectoryIsMadeAndItsManifestReadBack() throws {
    let path = Self.folder()
    do {
      let directory = try StateDirectory(path: path)
      #expect(directory.isNew)
      try directory.writeManifest(start: Start(scenario: "install on a"), writtenBy: "epsim test")
    }
    let again = try StateDirectory(path: path)
    #expect(!again.isNew)
    #expect(try again.readManifest(Start.self) == Start(scenario: "install on a"))
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o700)
  }

  @Test func aSecondServerOnTheSameDirectoryIsRefused() throws {
    let path = Self.folder()
    let first = try StateDirectory(path: path)
    #expect(throws: JournalError.self) { _ = try StateDirectory(path: path) }
    withExtendedLifetime(first) {}
  }

  /// A record lock goes when its process closes any descriptor of the file: a refused second
  /// opening in the same process must not open and close the lock file, or another process could
  /// then take the directory from the first. Python's `lockf` asks for the same kind of lock.
  @Test func aRefusedSecondOpeningLeavesOtherProcessesRefused() throws {
    let path = Self.folder()
    let first = try StateDirectory(path: path)
    #expect(throws: JournalError.self) { _ = try StateDirectory(path: path) }
    let probe = Process()
    probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    probe.arguments = [
      "python3", "-c",
      "import fcntl, sys\nf = open(sys.argv[1], 'r+')\ntry:\n    fcntl.lockf(f, fcntl.LOCK_EX | fcntl.LOCK_NB)\nexcept OSError:\n    sys.exit(3)\n",
      first.file("lock"),
    ]
    try probe.run()
    probe.waitUntilExit()
    #expect(probe.terminationStatus == 3, "another process took the lock the first opening holds")
    withExtendedLifetime(first) {}
  }

  @Test func aNewerFormatIsRefusedNotMisread() throws {
    let path = Self.folder()
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    let manifest = #"{"format":"epsim-state","version":99,"writtenBy":"epsim 9.0","start":{"scenario":"x"}}"#
    try Data(manifest.utf8).write(to: URL(fileURLWithPath: path).appendingPathComponent("state.json"))
    let directory = try StateDirectory(path: path)
    #expect {
      _ = try directory.readManifest(Start.self)
    } throws: { error in
      let reason = (error as? JournalError)?.reason ?? ""
      return reason.contains("epsim 9.0") && reason.contains("newer")
        && reason.contains("reads formats 1 to 2")
    }
  }

  @Test func aFolderOfOtherFilesIsNotTakenOver() throws {
    let path = Self.folder()
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    try Data("notes".utf8).write(to: URL(fileURLWithPath: path).appendingPathComponent("notes.txt"))
    #expect { _ = try StateDirectory(path: path) } throws: { error in
      (error as? JournalError)?.reason.contains("no epsim state") ?? false
    }
    #expect(try StateDirectory(path: path, ownFiles: ["notes.txt"]).isNew)
  }

  @Test func journalLinesSurviveReopeningAndACutLastLineIsDropped() throws {
    let path = Self.folder()
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    let file = (path as NSString).appendingPathComponent("journal.jsonl")
    do {
      let (journal, contents) = try JournalFile.load(path: file)
      #expect(contents.lines.isEmpty)
      try journal.writeLine(Array("one".utf8))
      try journal.writeLine(Array("two".utf8))
      try journal.syncToDisk()
    }
    let handle = try #require(FileHandle(forWritingAtPath: file))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("thr".utf8))
    try handle.close()
    let (journal, contents) = try JournalFile.load(path: file)
    #expect(contents.lines.map { String(decoding: $0, as: UTF8.self) } == ["one", "two"])
    #expect(contents.droppedBytes == 3)
    try journal.writeLine(Array("three".utf8))
    try journal.syncToDisk()
    #expect(
      String(decoding: try Data(contentsOf: URL(fileURLWithPath: file)), as: UTF8.self) == "one\ntwo\nthree\n"
    )
  }
}
