import AppStoreCommerce
import CommerceSimulation
import LifecycleSimulator

/// What a `WorldSimulation` remembers of its steps, stored compactly: a session of a million steps
/// keeps a few numbers a step, and the App Store's part only for the steps that changed it.
///
/// Step `n` (1-based) is remembered by how many token steps were in effect after it, the customer
/// the simulation defaulted to after it, and, when it changed the App Store, a `StoreChange`. The
/// App Store itself is copied now and then (`StoreSnapshot`) so that any earlier App Store is a
/// copy plus a few replayed changes.
struct WorldHistory: Sendable {
  /// A step that changed the App Store: what to replay, and what the App Store did.
  struct StoreChange: Sendable {
    /// The step's number (1-based).
    var position: Int
    var input: StoreInput
    var events: [StoreEventRecord]
  }

  /// What a store change replays.
  enum StoreInput: Sendable {
    case purchase(CommerceStep)
    case backend(CommerceEvent)
    /// Token events the App Store followed (a storefront move, renewals the clock passed).
    case followed
  }

  /// The App Store as it was after step `position`.
  struct StoreSnapshot: Sendable {
    var position: Int
    var store: CommerceWorld?
  }

  /// The App Store before the first step.
  let initialStore: CommerceWorld?
  /// Token steps in effect before the first step (a simulation handed over with history of its own).
  let tokenStart: Int
  private var tokenEnds: [Int] = []
  private var customers: [UInt32] = []
  /// Which door made each step (one byte a step).
  private var origins: [StepOrigin] = []
  /// The clock move a step was asked as, for the steps that named a moment rather than a time
  /// (`advance to next moment minus 1ms`): few, so kept by position.
  private(set) var moves: [Int: ClockMove] = [:]
  private var customerNames = DistinctValues<String>()
  /// Store changes, by increasing position, undone ones included.
  private(set) var changes: [StoreChange] = []
  private var snapshots: [StoreSnapshot] = []
  /// Steps in effect.
  var position = 0
  /// The leading steps no change has dropped since a saver last marked the history: a server
  /// that writes its history to disk rewrites only the steps after these.
  var keptSinceMark = 0

  private static let noCustomer = UInt32.max
  /// A snapshot is taken after a store change once this many changes, or this many steps, passed
  /// since the last one: a rewind then replays fewer store changes, and walks fewer token steps,
  /// than these (docs/decisions/0143-one-simulation-and-one-history.md).
  static let changesBetweenSnapshots = 128
  static let stepsBetweenSnapshots = 10_000

  init(initialStore: CommerceWorld?, tokenStart: Int) {
    self.initialStore = initialStore
    self.tokenStart = tokenStart
  }

  /// Steps recorded, undone ones included.
  var count: Int { tokenEnds.count }

  /// Token steps in effect after step `position` (0: before the first).
  func tokenEnd(_ position: Int) -> Int {
    position == 0 ? tokenStart : tokenEnds[position - 1]
  }

  /// The default customer after step `position`.
  func lastCustomer(_ position: Int) -> String? {
    guard position > 0, customers[position - 1] != Self.noCustomer else { return nil }
    return customerNames[customers[position - 1]]
  }

  /// The door that made step `position` (1-based).
  func origin(_ position: Int) -> StepOrigin { origins[position - 1] }

  /// Notes that the newest step was asked as `move`.
  mutating func noteMove(_ move: ClockMove) { moves[position] = move }

  /// The store change of step `position`, if it changed the App Store.
  func change(at position: Int) -> StoreChange? {
    let index = changeIndex(after: position - 1)
    return index < changes.count && changes[index].position == position ? changes[index] : nil
  }

  /// The index of the first change after `position`.
  func changeIndex(after position: Int) -> Int {
    var low = 0
    var high = changes.count
    while low < high {
      let middle = (low + high) / 2
      if changes[middle].position <= position { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The newest snapshot at or before `position` (the initial App Store when none).
  func snapshot(atOrBefore position: Int) -> StoreSnapshot {
    snapshots.last { $0.position <= position } ?? StoreSnapshot(position: 0, store: initialStore)
  }

  /// Records a step after `position`, forgetting what had been undone; `store` is the App Store
  /// after it, kept as a snapshot when one is due.
  mutating func record(
    tokenEnd: Int, change: (input: StoreInput, events: [CommerceDomainEvent])?, lastCustomer: String?,
    store: CommerceWorld?, origin: StepOrigin
  ) {
    if count > position { forgetUndone() }
    tokenEnds.append(tokenEnd)
    origins.append(origin)
    customers.append(lastCustomer.map { customerNames.number(of: $0) } ?? Self.noCustomer)
    position += 1
    guard let change else { return }
    changes.append(
      StoreChange(position: position, input: change.input, events: change.events.map(StoreEventRecord.init)))
    let last = snapshots.last?.position ?? 0
    let changesSince = changes.count - changeIndex(after: last)
    if changesSince >= Self.changesBetweenSnapshots || position - last >= Self.stepsBetweenSnapshots {
      snapshots.append(StoreSnapshot(position: position, store: store))
    }
  }

  private mutating func forgetUndone() {
    keptSinceMark = min(keptSinceMark, position)
    tokenEnds.removeSubrange(position...)
    customers.removeSubrange(position...)
    origins.removeSubrange(position...)
    moves = moves.filter { $0.key <= position }
    changes.removeSubrange(changeIndex(after: position)...)
    while let last = snapshots.last, last.position > position { snapshots.removeLast() }
  }
}
