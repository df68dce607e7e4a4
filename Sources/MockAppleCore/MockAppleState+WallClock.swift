import Foundation
import LifecycleSimulator
import SimulatedWorld

/// `--clock wall`: the virtual clock follows real time, `rate` times faster, from wherever it
/// stands (a jump through the control API or an undo moves it, and it follows on from there).
extension MockAppleState {
  /// Moves the virtual clock on by the real time passed since it last followed, times `rate`;
  /// the first call only notes the time. While nothing else happens, the step this adds replaces
  /// the one the previous call added, so the history gains one clock step per quiet spell rather
  /// than one per second; a step in which the App Store did something (a renewal) is kept.
  /// Returns whether the clock moved.
  @discardableResult
  public func followWallClock(now real: Date, rate: Double) -> Bool {
    let realTime = Int64((real.timeIntervalSince1970 * 1000).rounded(.down))
    defer { saver?.wallClock = wallClockReal }
    guard let last = wallClockReal, realTime > last else {
      // First call, or the machine's clock went back: follow from now.
      wallClockReal = realTime
      return false
    }
    let advance = (Double(realTime - last) * rate).rounded(.down)
    guard advance >= 1 else { return false }
    guard advance < Double(Int64.max),
      case let (target, false) = world.now.addingReportingOverflow(Int64(advance))
    else { return false }
    let replacing =
      lastTick.map { $0.lineage == simulation.lineage && $0.revision == simulation.revision } ?? false
      && simulation.position == simulation.stepCount && simulation.position > 0
      && simulation.entry(simulation.position).storeEvents.isEmpty
    if replacing { simulation.rewind(toStep: simulation.position - 1) }
    do throws(SimulationError) {
      try simulation.apply(.events([.advanceClock(to: target)]), origin: .wallClock)
    } catch {
      // A clock the engine will not move (past its limits) stays where it is.
      if replacing { simulation.rewind(toStep: simulation.position + 1) }
      return false
    }
    noteNewestStep()
    hear(simulation.takeStoreEvents())
    wallClockReal = realTime
    lastTick = (simulation.lineage, simulation.revision)
    return true
  }
}
