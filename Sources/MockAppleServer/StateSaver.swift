import DurableJournal
import Foundation

/// Writes the server's changes to its state directory's journal (`epsim serve --state`), and
/// remembers how much of the history the journal already holds. Each change is written here and
/// made durable by `syncer` in groups; the answer that acknowledges it waits for that
/// (`SavedAnswers`).
final class StateSaver {
  let journal: JournalFile
  let syncer: JournalSyncer
  /// Called when a change cannot be written: the server stops rather than acknowledge what it
  /// could lose (restarted, it resumes from what is on disk).
  let onFailure: @Sendable (String) -> Never
  /// The simulation the journal's history belongs to, and how much of it the journal holds.
  var lineage: UInt64
  var count: Int
  var position: Int
  /// The real time (milliseconds since 1970) the wall clock last caught up with, and the one the
  /// journal holds.
  var wallClock: Int64?
  var savedWallClock: Int64?
  private let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()

  init(
    journal: JournalFile, onFailure: @escaping @Sendable (String) -> Never, lineage: UInt64, count: Int,
    position: Int
  ) {
    self.journal = journal
    self.syncer = journal.makeSyncer(onFailure: onFailure)
    self.onFailure = onFailure
    self.lineage = lineage
    self.count = count
    self.position = position
  }

  deinit { syncer.stop() }

  /// Writes one change; it is on disk once `syncer` has synced it.
  func write(_ change: SavedChange) {
    let line: Data
    do { line = try encoder.encode(change) } catch {
      onFailure("\(journal.path): a change could not be encoded: \(error)")
    }
    do throws(JournalError) {
      try journal.writeLine(Array(line))
      syncer.wrote()
    } catch {
      onFailure("could not write the state: \(error.description)")
    }
  }
}
