import Foundation

/// Makes written journal lines durable in groups: one `fdatasync` covers every line written
/// before it began, so many changes in flight share one wait for the disk instead of queueing
/// one sync each behind the server's actor (group commit).
///
/// Lines are written by their owner (`JournalFile.writeLine`) and counted here with `wrote()`; a
/// thread of its own syncs whenever lines are waiting, and `waitUntilDurable()` returns once
/// every line written before the call is on disk. Safe from any thread: every field is guarded
/// by `condition`, which is why the class is `@unchecked Sendable`.
public final class JournalSyncer: @unchecked Sendable {
  private let condition = NSCondition()
  private var written = 0
  private var synced = 0
  private var stopped = false
  /// The sync thread has ended: nothing will be synced any more.
  private var finished = false
  private var waiters: [(target: Int, continuation: CheckedContinuation<Void, Never>)] = []
  /// Syncs the file: nil when done, or why it failed.
  private let sync: @Sendable () -> String?
  /// Called when a sync fails: nothing written can be promised any more, so the owner stops.
  private let onFailure: @Sendable (String) -> Never
  /// Called once when the sync thread ends (after `stop()`), to release what `sync` uses.
  private let onFinish: @Sendable () -> Void

  /// `sync` waits until the file's data is on disk and answers nil, or answers why it could not.
  public init(
    sync: @escaping @Sendable () -> String?, onFailure: @escaping @Sendable (String) -> Never,
    onFinish: @escaping @Sendable () -> Void = {}
  ) {
    self.sync = sync
    self.onFailure = onFailure
    self.onFinish = onFinish
    let thread = Thread { [self] in run() }
    thread.name = "epsim journal sync"
    thread.start()
  }

  /// Counts one line as written (not yet durable) and wakes the sync thread.
  public func wrote() {
    condition.lock()
    written += 1
    condition.signal()
    condition.unlock()
  }

  /// Returns once every line counted by `wrote()` before this call is on disk.
  public func waitUntilDurable() async {
    let target: Int? = condition.withLock { synced >= written || finished ? nil : written }
    guard let target else { return }
    await withCheckedContinuation { continuation in
      let alreadyDurable = condition.withLock {
        if synced >= target || finished { return true }
        waiters.append((target, continuation))
        return false
      }
      if alreadyDurable { continuation.resume() }
    }
  }

  /// Syncs what is still waiting, then ends the sync thread; later waits return at once.
  public func stop() {
    condition.lock()
    stopped = true
    condition.signal()
    condition.unlock()
  }

  /// How many lines have been counted as written, and how many are known to be on disk.
  public var counts: (written: Int, synced: Int) {
    condition.lock()
    defer { condition.unlock() }
    return (written, synced)
  }

  private func run() {
    condition.lock()
    while true {
      while synced == written && !stopped { condition.wait() }
      if synced == written && stopped { break }
      let target = written
      condition.unlock()
      if let failure = sync() { onFailure(failure) }
      condition.lock()
      synced = target
      let ready = waiters.filter { $0.target <= target }
      waiters.removeAll { $0.target <= target }
      condition.unlock()
      for waiter in ready { waiter.continuation.resume() }
      condition.lock()
    }
    // Stopped with everything synced: nobody can still be waiting for more.
    let remaining = waiters
    waiters = []
    finished = true
    condition.unlock()
    onFinish()
    for waiter in remaining { waiter.continuation.resume() }
  }
}
