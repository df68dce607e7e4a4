import DurableJournal
import Foundation

/// Writes the server's changes to its state directory's journal (`epsim serve --state`), and
/// remembers how much of the history the journal already holds. Each change is written here and
/// made durable by `syncer` in groups; the answer that acknowledges it waits for that
/// (`SavedAnswers`).
package final class StateSaver {
  package let journal: JournalFile
  package let syncer: JournalSyncer
  /// Called when a change cannot be written: the server stops rather than acknowledge what it
  /// could lose (restarted, it resumes from what is on disk).
  package let onFailure: @Sendable (String) -> Never
  /// The simulation the journal's history belongs to, and how much of it the journal holds.
  package var lineage: UInt64
  package var count: Int
  package var position: Int
  /// The real time (milliseconds since 1970) the wall clock last caught up with, and the one the
  /// journal holds.
  package var wallClock: Int64?
  package var savedWallClock: Int64?
  private let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()

  package init(
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
  package func write(_ change: SavedChange) {
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
