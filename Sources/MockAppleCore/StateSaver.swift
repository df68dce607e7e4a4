import DurableJournal
import Foundation

/// Writes the server's changes to its state directory's journal (`epsim serve --state`), each on
/// disk before the answer that acknowledges it leaves, and remembers how much of the history the
/// journal already holds.
package final class StateSaver {
  package let journal: JournalFile
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
    self.onFailure = onFailure
    self.lineage = lineage
    self.count = count
    self.position = position
  }

  /// Writes one change and waits until it is on disk.
  package func write(_ change: SavedChange) {
    let line: Data
    do { line = try encoder.encode(change) } catch {
      onFailure("\(journal.path): a change could not be encoded: \(error)")
    }
    do throws(JournalError) {
      try journal.append(Array(line))
    } catch {
      onFailure("could not write the state: \(error.description)")
    }
  }
}
