/// Every transaction in order, kept in chunks of fixed size so that a log of a million transactions
/// never copies itself while growing (an array would briefly hold twice its size).
/// Transaction ids increase with the position, so an id is found by binary search, without an index.
/// Chunks are small (256 transactions, `chunkBits`) because copies of the App Store share them: the
/// history of a session keeps copies, and a change to one copy copies only the chunk it touches.
public struct TransactionLog: RandomAccessCollection, MutableCollection, Hashable, Sendable {
  private static let chunkBits = 8
  private static let chunkMask = (1 << chunkBits) - 1
  private var chunks: [[TransactionRecord]] = []
  public private(set) var count = 0

  public init() {}

  public var startIndex: Int { 0 }
  public var endIndex: Int { count }

  public subscript(position: Int) -> TransactionRecord {
    get { chunks[position >> Self.chunkBits][position & Self.chunkMask] }
    set { chunks[position >> Self.chunkBits][position & Self.chunkMask] = newValue }
  }

  mutating func append(_ transaction: TransactionRecord) {
    if count & Self.chunkMask == 0 { chunks.append([]) }
    chunks[chunks.count - 1].append(transaction)
    count += 1
  }

  /// The position of the transaction with this id, if any.
  public func position(of transactionId: UInt64) -> Int? {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if self[middle].transactionId < transactionId { low = middle + 1 } else { high = middle }
    }
    return low < count && self[low].transactionId == transactionId ? low : nil
  }

  public static func == (lhs: TransactionLog, rhs: TransactionLog) -> Bool {
    lhs.count == rhs.count && lhs.chunks == rhs.chunks
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(chunks)
  }
}
