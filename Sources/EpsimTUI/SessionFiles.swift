import SimulatedWorld

/// The files the session writes (a saved scenario, an export): the writes asked of the host and
/// not yet reported, and the steps the last save holds, which quitting compares against.
struct SessionFiles: Hashable, Sendable {
  /// The steps in effect when the session was last saved (or opened).
  private(set) var savedSteps: [WorldStep]
  /// Files asked to be written and not yet reported, by path.
  private var pending: [String: PendingWrite] = [:]

  init(savedSteps: [WorldStep] = []) {
    self.savedSteps = savedSteps
  }

  /// Steps of `steps` that the last save does not hold: quitting now would lose them.
  func unsavedStepCount(of steps: [WorldStep]) -> Int {
    let shared = zip(steps, savedSteps).prefix { $0 == $1 }.count
    return shared == steps.count && steps.count == savedSteps.count ? 0 : steps.count - shared
  }

  /// Takes `steps` as saved (a fresh session, or one whose steps its file already holds).
  mutating func markSaved(_ steps: [WorldStep]) {
    savedSteps = steps
  }

  /// The host was asked to write `path`.
  mutating func expect(_ write: PendingWrite, at path: String) {
    pending[path] = write
  }

  /// The host reports `path` written (or failed): forgets the write and, when a saved session
  /// was written, takes its steps as saved. Nil for a write never asked for.
  mutating func finish(_ path: String, succeeded: Bool) -> PendingWrite? {
    guard let write = pending.removeValue(forKey: path) else { return nil }
    if succeeded, let saved = write.savedSteps { savedSteps = saved }
    return write
  }
}
