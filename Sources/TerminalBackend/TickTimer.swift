/// Decides when a `.tick` is due and how long to wait for input until then.
///
/// Times are milliseconds on a monotonic clock. While the app asks for no ticks the timer keeps
/// restarting, so the first tick after ticking starts measures from that moment, not from the
/// last tick long ago.
struct TickTimer {
  private var lastTick: Int

  init(now: Int) {
    lastTick = now
  }

  /// How long to wait for input: nil to wait for ever, otherwise until the next tick is due.
  func inputTimeout(now: Int, interval: Int?) -> Int? {
    guard let interval else { return nil }
    return max(0, lastTick + max(1, interval) - now)
  }

  /// The milliseconds since the previous tick when a tick is due now, otherwise nil.
  mutating func takeTick(now: Int, interval: Int?) -> Int? {
    guard let interval else {
      lastTick = now
      return nil
    }
    let elapsed = now - lastTick
    guard elapsed >= max(1, interval) else { return nil }
    lastTick = now
    return elapsed
  }
}
