/// One output buffer per worker, reused from round to round.
///
/// Workers write to their own slot only, through a pointer: Swift's exclusivity checks would
/// flag concurrent writes to elements of one array, even distinct ones. The slots live until
/// `release()`; a round's reader takes them only after every worker of the round has finished.
struct RoundBuffers: @unchecked Sendable {
  private let slots: UnsafeMutableBufferPointer<Slot>

  struct Slot {
    var buffer: ByteBuffer
    var failure: FixtureError?
  }

  init(workers: Int, capacity: Int) {
    slots = .allocate(capacity: workers)
    _ = slots.initialize(from: (0..<workers).map { _ in Slot(buffer: ByteBuffer(capacity: capacity)) })
  }

  /// Simulates `customers` into slot `worker`; a failure is kept for `take` to throw.
  func fill(
    _ worker: Int, by generator: FixtureGenerator, stream: FixtureGenerator.Stream, with customers: Range<Int>
  ) {
    slots[worker].buffer.removeAll()
    do {
      try generator.write(stream, customers: customers, to: &slots[worker].buffer)
    } catch {
      slots[worker].failure = error
    }
  }

  /// The bytes slot `worker` produced this round, or the error it met.
  func take(_ worker: Int) throws(FixtureError) -> [UInt8] {
    if let failure = slots[worker].failure { throw failure }
    return slots[worker].buffer.bytes
  }

  func release() {
    slots.deinitialize()
    slots.deallocate()
  }
}
