/// One output buffer per block of a round, reused from round to round.
///
/// Each block is filled by one worker, through a pointer: Swift's exclusivity checks would flag
/// concurrent writes to elements of one array, even distinct ones. The slots live until
/// `release()`; a round's reader takes them only after every worker of the round has finished.
struct RoundBuffers: @unchecked Sendable {
  private let slots: UnsafeMutableBufferPointer<Slot>

  struct Slot {
    var buffer: ByteBuffer
    var failure: FixtureError?
  }

  init(slots count: Int, capacity: Int) {
    slots = .allocate(capacity: count)
    _ = slots.initialize(from: (0..<count).map { _ in Slot(buffer: ByteBuffer(capacity: capacity)) })
  }

  /// Simulates `customers` into slot `slot`; a failure is kept for `take` to throw.
  func fill(
    _ slot: Int, by generator: FixtureGenerator, stream: FixtureGenerator.Stream, with customers: Range<Int>
  ) {
    // Written through a local buffer and stored back once: slots sit side by side in memory, and
    // a worker writing its slot in place for every line kept dirtying the cache line the other
    // worker's slot shares (false sharing, issue 26).
    var buffer = ByteBuffer()
    swap(&buffer, &slots[slot].buffer)
    buffer.removeAll()
    do {
      try generator.write(stream, customers: customers, to: &buffer)
    } catch {
      slots[slot].failure = error
    }
    swap(&buffer, &slots[slot].buffer)
  }

  /// The bytes slot `slot` produced this round, or the error it met.
  func take(_ slot: Int) throws(FixtureError) -> [UInt8] {
    if let failure = slots[slot].failure { throw failure }
    return slots[slot].buffer.bytes
  }

  func release() {
    slots.deinitialize()
    slots.deallocate()
  }
}
