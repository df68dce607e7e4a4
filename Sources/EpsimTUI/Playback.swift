import LifecycleSimulator

/// Playing the virtual clock (space, `+`, `-`): whether it plays, how fast, and which step of
/// history the ticks keep extending.
struct Playback: Hashable, Sendable {
  private(set) var rate: PlayRate = .realTime
  private(set) var isPlaying = false
  /// The history position of the step that playing keeps extending, so that a minute of play
  /// is one step of history rather than hundreds of ticks.
  private(set) var stepPosition: Int?

  /// Space plays or pauses (the next tick starts a step of its own); `+` and `-` change the
  /// rate. False for any other action.
  mutating func perform(_ action: Action) -> Bool {
    switch action {
    case .togglePlay:
      isPlaying.toggle()
      stepPosition = nil
    case .faster: rate = rate.faster
    case .slower: rate = rate.slower
    default: return false
    }
    return true
  }

  /// "playing at 60x" or "paused (rate 60x)".
  var summary: String {
    isPlaying ? "playing at \(rate.label)" : "paused (rate \(rate.label))"
  }

  /// How far the clock moves for `elapsed` real milliseconds: nil while paused, for no time,
  /// or when the product would overflow.
  func advance(forElapsed elapsed: Int64) -> VirtualDuration? {
    guard isPlaying, elapsed > 0 else { return nil }
    let (advance, overflow) = elapsed.multipliedReportingOverflow(by: rate.rawValue)
    return overflow ? nil : advance
  }

  /// Stops playing (a refusal, a quit prompt, a new world); the rate stays.
  mutating func pause() {
    isPlaying = false
  }

  /// A tick made or extended the step at `position`: the next tick extends it.
  mutating func extended(at position: Int) {
    stepPosition = position
  }

  /// Another step was taken or history moved: the next tick starts a step of its own.
  mutating func stepTaken() {
    stepPosition = nil
  }
}
