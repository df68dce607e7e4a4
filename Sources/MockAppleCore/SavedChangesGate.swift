import DurableJournal
import Synchronization

/// Where the server waits for its state directory before anything leaves it: an answer, or a
/// notification to a webhook. Changes are written to the journal inside the actor and synced
/// in groups by a `JournalSyncer`; this holds that syncer (none without `--state`, and then
/// nothing waits). A class outside the actor so that waiting needs no hop onto it.
public final class SavedChangesGate: Sendable {
  private let syncer = Mutex<JournalSyncer?>(nil)

  public init() {}

  /// From now on, waits are for this syncer's lines.
  func attach(_ syncer: JournalSyncer) { self.syncer.withLock { $0 = syncer } }

  /// Returns once every change written so far is on disk (at once without a state directory).
  public func waitUntilSaved() async {
    guard let syncer = syncer.withLock({ $0 }) else { return }
    await syncer.waitUntilDurable()
  }
}
