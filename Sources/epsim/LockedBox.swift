import Foundation

/// A value handed between a task and the thread that waits for it (a result, a failure, a
/// continuation to resume once).
// @unchecked: every read and write of `stored` holds `lock`.
final class LockedBox<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value

  init(_ value: Value) { stored = value }

  var value: Value {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }

  /// The value, leaving `empty` in its place: whoever takes it first has it.
  func take<Wrapped>(leaving empty: Value = nil) -> Value where Value == Wrapped? {
    lock.withLock {
      defer { stored = empty }
      return stored
    }
  }
}
