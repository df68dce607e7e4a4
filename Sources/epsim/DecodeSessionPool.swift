import Dispatch
import ExternalPurchaseTokens

/// One `DecodeSession` per thread for `epsim decode` on standard input: each block read is cut
/// into one part per thread, the parts are decoded at once, and written in input order.
///
/// The sessions live from block to block, so their output buffers are reused: a fresh
/// megabyte-sized buffer per block cost more in page faults than the decoding itself.
// @unchecked: each thread writes only its own slot (see below); the caller reads after all are done.
final class DecodeSessionPool: @unchecked Sendable {
  // Each thread touches only its own session and line count, through pointers (Swift's
  // exclusivity checks would flag concurrent writes to elements of one array); the calling
  // thread reads them only after `concurrentPerform` has returned.
  private let sessions: UnsafeMutableBufferPointer<DecodeSession>
  private let lineCounts: UnsafeMutableBufferPointer<Int>
  private let json: Bool

  init(count: Int, decoder: TokenDecoder, json: Bool) {
    sessions = .allocate(capacity: count)
    _ = sessions.initialize(from: (0..<count).map { _ in DecodeSession(decoder: decoder, json: json) })
    lineCounts = .allocate(capacity: count)
    lineCounts.initialize(repeating: 0)
    self.json = json
  }

  deinit {
    sessions.deinitialize()
    sessions.deallocate()
    lineCounts.deallocate()
  }

  /// How many inputs were decoded or failed, and how many failed.
  var totals: (inputs: Int, failures: Int) {
    (sessions.reduce(0) { $0 + $1.inputs }, sessions.reduce(0) { $0 + $1.failures })
  }

  /// Decodes and writes the lines of `block`, which come after `linesBefore` lines; returns the
  /// number of lines read so far, this block's included.
  ///
  /// With `--json` no line number reaches standard output, so each part numbers its lines from 1
  /// and its failures are renumbered as they are written; the listing prints "input N", so its
  /// parts are counted first to start from the right number.
  func decode(_ block: UnsafeBufferPointer<UInt8>, linesBefore: Int) -> Int {
    let parts =
      sessions.count == 1 || block.count < 1 << 16
      ? [block] : LineBlock.parts(of: block, count: sessions.count)
    var firstNumbers = Array(repeating: 1, count: parts.count)
    if !json {
      var before = linesBefore
      for (index, part) in parts.enumerated() {
        firstNumbers[index] = before + 1
        before += LineBlock.lineCount(part)
      }
    }
    if parts.count == 1 {
      lineCounts[0] = sessions[0].decode(block: parts[0], firstNumber: firstNumbers[0])
    } else {
      let work = SharedParts(parts: parts, firstNumbers: firstNumbers)
      DispatchQueue.concurrentPerform(iterations: parts.count) { index in
        self.lineCounts[index] = self.sessions[index].decode(
          block: work.parts[index], firstNumber: work.firstNumbers[index])
      }
    }
    var lines = linesBefore
    for index in parts.indices {
      sessions[index].write(numberOffset: json ? lines : 0)
      lines += lineCounts[index]
    }
    return lines
  }

  /// The parts of the block being decoded: only read, and valid until every thread is done.
  private struct SharedParts: @unchecked Sendable {
    var parts: [UnsafeBufferPointer<UInt8>]
    var firstNumbers: [Int]
  }
}
