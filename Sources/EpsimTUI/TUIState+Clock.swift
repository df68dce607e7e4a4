import LifecycleSimulator
import SimulatedWorld

extension TUIState {
  /// The clock move a clock key stands for: the command a scenario line or the control API
  /// would give for the same move.
  static func clockMove(for action: Action) -> ClockMove? {
    switch action {
    case .stepSecond: return .by(Milliseconds.second)
    case .stepMinute: return .by(Milliseconds.minute)
    case .stepHour: return .by(Milliseconds.hour)
    case .stepDay: return .by(Milliseconds.day)
    case .toExpiryMinusOne: return .nextMoment(offset: -1)
    case .toExpiry: return .nextMoment(offset: 0)
    case .toExpiryPlusOne: return .nextMoment(offset: 1)
    default: return nil
    }
  }

  mutating func performClockAction(_ action: Action) {
    guard let target = Self.clockMove(for: action) else { return }
    // 1 ms before the next expiry already: the header says "1ms", so say that rather than
    // that no expiry lies ahead (the engine looks for a target after now).
    if action == .toExpiryMinusOne, let next = nextExpiry, next - 1 == world.now {
      status = StatusMessage(
        .info, "already 1ms before the next expiry (\(ISOTime.string(next))); e steps onto it, > past it")
      return
    }
    moveClock(to: target)
  }

  /// `T`: exactly the selected token's expiry, when it lies ahead.
  mutating func moveToSelectedTokenExpiry() {
    guard let token = selectedIssuedToken?.token else {
      status = StatusMessage(.info, "no token selected")
      return
    }
    guard let expiration = token.tokenExpirationDate else {
      status = StatusMessage(.info, "\(token.externalPurchaseId) is a plain token: it has no expiry")
      return
    }
    guard expiration > world.now else {
      status = StatusMessage(
        .info,
        "\(token.externalPurchaseId) expired at \(ISOTime.string(expiration)); the clock only moves forward",
        givesReason: true)
      return
    }
    moveClock(to: .to(expiration))
  }

  /// Moves the clock as the `advance` command every door has: resolved by the one simulation, and
  /// kept as the move it was (`w` writes `advance to next moment minus 1ms`, not a duration).
  mutating func moveClock(to target: ClockMove, then: AfterChange? = nil) {
    apply(.advance(target), then: then)
  }

  mutating func changePlay(_ action: Action) {
    guard playback.perform(action) else { return }
    status = StatusMessage(.info, playback.summary)
  }

  /// Advances the clock by real elapsed time times the play rate. Consecutive ticks extend one
  /// history step: the previous tick's step is taken back and re-applied over the longer span,
  /// so its log still lists every expiry crossed since playing started.
  mutating func tick(elapsedMilliseconds elapsed: Int64) {
    guard !isDialogOpen, let advance = playback.advance(forElapsed: elapsed) else { return }
    let extends = playback.stepPosition == simulation.position
    // Consecutive ticks extend one step: the clock goes `advance` past where this tick found it.
    let now = world.now
    let seen = simulation.head
    changeSimulation { simulation -> Result<WorldSimulation<Simulation>.Applied, SimulationError> in
      // Only the tick's own step is extended: a step another door made since stays.
      let extended = extends && simulation.head == seen && simulation.undo()
      // Past `Int64.max` the sum saturates, so the engine refuses it as past the clock's end
      // (StepLimits) instead of seeing a wrapped, negative time.
      let target = Self.saturatingSum(now, advance)
      do throws(SimulationError) {
        return .success(try simulation.apply(.advance(.to(target)), origin: .terminalUI))
      } catch {
        if extended { simulation.redo() }
        return .failure(error)
      }
    } then: { state, result in
      state.finishTick(result)
    }
  }

  /// What the UI does after a tick's step: pause on a refusal, else say what the App Store did
  /// or how many periods expired while playing.
  private mutating func finishTick(_ result: Result<WorldSimulation<Simulation>.Applied, SimulationError>) {
    let applied: WorldSimulation<Simulation>.Applied
    switch result {
    case .failure(let error):
      playback.pause()
      status = StatusMessage(.error, "paused: \(error.message)")
      return
    case .success(let success): applied = success
    }
    dropReplacedSteps(after: simulation.position - 1)
    playback.extended(at: simulation.position)
    if let last = applied.storeEvents.last {
      status = StatusMessage(.info, "playing at \(playback.rate.label); App Store: \(storeText(last))")
    } else if case .clock(_, _, let expired) = applied.tokenSteps.last?.result, !expired.isEmpty {
      status = StatusMessage(
        .info, "playing at \(playback.rate.label); \(expired.count) period(s) expired so far")
    }
  }

  var isDialogOpen: Bool {
    if case .dialog = overlay { return true }
    return false
  }

  /// `time + span`, or `Int64.max` where the sum would overflow.
  static func saturatingSum(_ time: VirtualTime, _ span: VirtualDuration) -> VirtualTime {
    let (sum, overflow) = time.addingReportingOverflow(span)
    return overflow ? .max : sum
  }
}
