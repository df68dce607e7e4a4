import Dispatch

/// Maps items on several threads and hands the results back in input order, one batch at a time,
/// so a command can write each batch as soon as it is done while memory stays bounded by a batch.
///
/// Used by `epsim run` (one scenario file per item) and `epsim decode` (one block of lines per
/// item). The output never depends on the number of threads: only the order of work does.
enum ParallelMap {
  /// Calls `transform` on every item, on up to `jobs` threads, then `consume` on each batch's
  /// results in input order. With one job, or one item, nothing runs on another thread.
  static func forEachBatch<Item: Sendable, Output>(
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
  static func map<Item: Sendable, Output>(
    _ items: [Item], jobs: Int, transform: @Sendable (Item) -> Output
  ) -> [Output] {
    let workers = min(max(1, jobs), items.count)
    guard workers > 1 else { return items.map(transform) }
    let slots = Slots<Output>(count: items.count)
    defer { slots.release() }
    // Worker w takes items w, w + workers, ...: the items of one command cost about the same,
    // so a fixed share keeps both cores busy without a shared counter.
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      for index in stride(from: worker, to: items.count, by: workers) {
        slots.store(transform(items[index]), at: index)
      }
    }
    return slots.take()
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
