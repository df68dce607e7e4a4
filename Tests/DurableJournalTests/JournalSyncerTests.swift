import DurableJournal
import Foundation
import Synchronization
import Testing

/// A stand-in for a file: lines written, and how many of them the last sync made durable.
private final class FakeDisk: Sendable {
  private let state = Mutex<(lines: Int, durable: Int, syncs: Int)>((0, 0, 0))

  /// Writes one line; answers its number (1 for the first).
  func write() -> Int {
    state.withLock {
      $0.lines += 1; return $0.lines
    }
  }
  func sync() -> String? {
    state.withLock {
      $0.durable = $0.lines
      $0.syncs += 1
    }
    return nil
  }
  var durable: Int { state.withLock { $0.durable } }
  var syncs: Int { state.withLock { $0.syncs } }
}

@Suite("Journal: group commit")
struct JournalSyncerTests {
  @Test func everyWaiterReturnsOnlyOnceItsLineIsDurable() async {
    let disk = FakeDisk()
    let syncer = JournalSyncer(sync: disk.sync, onFailure: { fatalError($0) })
    defer { syncer.stop() }
    let late = await withTaskGroup(of: Int?.self) { group in
      for _ in 0..<500 {
        group.addTask {
          let line = disk.write()
          syncer.wrote()
          await syncer.waitUntilDurable()
          return disk.durable >= line ? nil : line
        }
      }
      var late: [Int] = []
      for await line in group { if let line { late.append(line) } }
      return late
    }
    #expect(late.isEmpty, "lines answered before they were durable: \(late.prefix(5))")
    #expect(syncer.counts.written == 500 && syncer.counts.synced == 500)
    #expect(disk.syncs >= 1 && disk.syncs <= 500)
  }

  @Test func nothingWrittenMeansNoWaitAndNoSync() async {
    let disk = FakeDisk()
    let syncer = JournalSyncer(sync: disk.sync, onFailure: { fatalError($0) })
    await syncer.waitUntilDurable()
    syncer.stop()
    #expect(disk.syncs == 0)
  }

  @Test func stopSyncsWhatIsWaitingThenReleasesTheFile() async {
    let disk = FakeDisk()
    let finished = Mutex(0)
    let syncer = JournalSyncer(
      sync: disk.sync, onFailure: { fatalError($0) }, onFinish: { finished.withLock { $0 += 1 } })
    _ = disk.write()
    syncer.wrote()
    syncer.stop()
    await syncer.waitUntilDurable()
    // The sync thread ends on its own time; the virtual clock has no say here, so wait for the
    // one event that must come rather than for a duration.
    while finished.withLock({ $0 }) == 0 { await Task.yield() }
    #expect(disk.durable == 1)
    #expect(finished.withLock { $0 } == 1)
    // After the end, a wait returns at once.
    syncer.wrote()
    await syncer.waitUntilDurable()
  }

  @Test func aJournalFileSyncsThroughItsOwnDescriptor() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("epsim-syncer-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("journal.jsonl").path
    let (file, _) = try JournalFile.load(path: path)
    let syncer = file.makeSyncer(onFailure: { fatalError($0) })
    for number in 1...3 {
      try file.writeLine(Array("{\"n\":\(number)}".utf8))
      syncer.wrote()
    }
    await syncer.waitUntilDurable()
    syncer.stop()
    #expect(syncer.counts.synced == 3)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"n\":1}\n{\"n\":2}\n{\"n\":3}\n")
  }
}
