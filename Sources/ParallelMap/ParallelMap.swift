import Dispatch
import Foundation

/// Maps items on several threads and hands the results back in input order, one batch at a time,
/// so a command can write each batch as soon as it is done while memory stays bounded by a batch.
///
/// Used by `epsim run` (one scenario file per item), `epsim decode` and the server's replay of a
/// state directory (one journal line per item). The output never depends on the number of
/// threads: only the order of work does.
public enum ParallelMap {
  /// Calls `transform` on every item, on up to `jobs` threads, then `consume` on each batch's
  /// results in input order. With one job, or one item, nothing runs on another thread.
  public static func forEachBatch<Item: Sendable, Output>(
    _ items: [Item], jobs: Int, batchSize: Int,
    transform: @Sendable (Item) -> Output,
    consume: ([Output]) throws -> Void
  ) rethrows {
    var start = 0
    while start < items.count {
      let batch = Array(items[start..<min(start + max(1, batchSize), items.count)])
      try consume(map(batch, jobs: jobs, transform: transform))
      start += batch.count
    }
  }

  /// `items.map(transform)`, computed on up to `jobs` threads.
  public static func map<Item: Sendable, Output>(
    _ items: [Item], jobs: Int, transform: @Sendable (Item) -> Output
  ) -> [Output] {
    let workers = min(max(1, jobs), items.count)
    guard workers > 1 else { return items.map(transform) }
    let slots = Slots<Output>(count: items.count)
    defer { slots.release() }
    // Each worker takes the next item not yet taken, so one long file does not leave the other
    // threads idle behind a fixed share; the lock costs nothing next to running a scenario.
    let counter = NextIndex()
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      while let index = counter.take(below: items.count) {
        slots.store(transform(items[index]), at: index)
      }
    }
    return slots.take()
  }

  /// The next item to work on, shared by the workers.
  // @unchecked: `next` is read and written under `lock`.
  private final class NextIndex: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0

    /// The next index below `count`, each handed out once; nil when none is left.
    func take(below count: Int) -> Int? {
      lock.lock()
      defer { lock.unlock() }
      guard next < count else { return nil }
      next += 1
      return next - 1
    }
  }

  /// One result slot per item, written by exactly one worker each.
  ///
  /// Through a pointer, because Swift's exclusivity checks would flag concurrent writes to
  /// distinct elements of one array; `take` runs only after every worker has finished.
  private struct Slots<Output>: @unchecked Sendable {
    private let pointer: UnsafeMutableBufferPointer<Output?>

    init(count: Int) {
      pointer = .allocate(capacity: count)
      pointer.initialize(repeating: nil)
    }

    func store(_ output: Output, at index: Int) {
      pointer[index] = output
    }

    func take() -> [Output] {
      pointer.map { $0! }
    }

    func release() {
      pointer.deinitialize()
      pointer.deallocate()
    }
  }
}
