import ExternalPurchaseTokens
import LifecycleSimulator
import Testing

/// The simulation keeps snapshots every `snapshotSpacing` steps and replays events after them;
/// these tests hold it to what keeping one world per step gave: every rewind, undo and redo
/// lands on exactly the world the events produced, across snapshot boundaries and after
/// branching.
@Suite("Simulation history: snapshots and replay")
struct HistorySnapshotTests {
  let spacing = Simulation.snapshotSpacing

  /// A seeded mix of every kind of event; those the world refuses are left out, so every event
  /// in the list applies. Returns the events and the world after each (index 0: the initial).
  static func session(
    events count: Int, seed: UInt64, from start: WorldState = TestWorlds.eu(rules: .sandbox)
  ) -> (events: [WorldEvent], worlds: [WorldState]) {
    var random = SeededGenerator(seed: seed)
    var world = start
    var events: [WorldEvent] = []
    var worlds = [world]
    let devices = ["a1", "a2", "k1"]
    let types: [CustomLinkTokenType] = [.acquisition, .services, .inApp, .linkOut]
    while events.count < count {
      let device = devices[random.below(devices.count)]
      let event: WorldEvent
      switch random.below(10) {
      case 0: event = .install(device: device)
      case 1: event = .update(device: device, version: nil)
      case 2: event = .uninstall(device: device)
      case 3: event = .redownload(device: device)
      case 4: event = .forceRefresh
      case 5, 6: event = .advanceClock(to: world.now + Int64(random.below(40)) * Milliseconds.minute)
      case 7: event = .checkEligibility(device: device)
      default: event = .requestToken(device: device, type: types[random.below(types.count)])
      }
      guard let (next, _) = try? world.applying(event) else { continue }
      events.append(event)
      worlds.append(next)
      world = next
    }
    return (events, worlds)
  }

  @Test func rewindingToEveryStepGivesTheWorldOfThatStep() throws {
    let (events, worlds) = Self.session(events: 2 * spacing + spacing / 2, seed: 13)
    var simulation = try Simulation.replaying(events, over: worlds[0])
    #expect(simulation.world == worlds[events.count])
    // Backwards a step at a time around each snapshot (each rewind starts from the nearest
    // snapshot), every 37th step elsewhere, then forwards through every step.
    let nearBoundaries = (1...2).flatMap { ($0 * spacing - 3)...($0 * spacing + 3) }
    let backwards = Set(nearBoundaries + Array(stride(from: 0, through: events.count, by: 37)))
    for step in backwards.sorted(by: >) {
      simulation.rewind(toStep: step)
      #expect(simulation.world == worlds[step], "rewind back to step \(step)")
    }
    for step in 0...events.count {
      simulation.rewind(toStep: step)
      #expect(simulation.world == worlds[step], "rewind forward to step \(step)")
    }
  }

  @Test func jumpsAcrossSnapshotBoundaries() throws {
    let (events, worlds) = Self.session(events: 3 * spacing + 7, seed: 21)
    var simulation = try Simulation.replaying(events, over: worlds[0])
    let targets = [
      0, spacing - 1, spacing, spacing + 1, 3 * spacing + 7, 2 * spacing, 1, 3 * spacing, 2 * spacing - 1,
      2 * spacing + 1, spacing / 2,
    ]
    var random = SeededGenerator(seed: 5)
    for target in targets + (0..<50).map({ _ in random.below(events.count + 1) }) {
      simulation.rewind(toStep: target)
      #expect(simulation.position == target)
      #expect(simulation.world == worlds[target], "jump to step \(target)")
    }
  }

  @Test func undoAndRedoAcrossABoundary() throws {
    let (events, worlds) = Self.session(events: spacing + 3, seed: 34)
    var simulation = try Simulation.replaying(events, over: worlds[0])
    simulation.rewind(toStep: spacing + 1)
    for expected in [spacing, spacing - 1, spacing - 2] {
      let undone = simulation.undo()
      #expect(undone)
      #expect(simulation.world == worlds[expected])
    }
    for expected in [spacing - 1, spacing, spacing + 1, spacing + 2, spacing + 3] {
      let redone = simulation.redo()
      #expect(redone)
      #expect(simulation.world == worlds[expected])
    }
    let redoneAtTheEnd = simulation.redo()
    #expect(!redoneAtTheEnd)
  }

  @Test func applyingAfterARewindDiscardsLaterSnapshots() throws {
    let (events, worlds) = Self.session(events: 2 * spacing + 10, seed: 55)
    var simulation = try Simulation.replaying(events, over: worlds[0])
    let branchPoint = spacing / 2
    simulation.rewind(toStep: branchPoint)
    // A different future from the branch point: the old snapshots after it must not be used.
    let (otherEvents, expected) = Self.session(events: 2 * spacing, seed: 89, from: worlds[branchPoint])
    for event in otherEvents { try simulation.apply(event) }
    #expect(simulation.steps.count == branchPoint + otherEvents.count)
    #expect(simulation.world == expected[otherEvents.count])
    for offset in [0, 1, spacing / 2, spacing / 2 + 1, spacing + 3, otherEvents.count, spacing - 1] {
      simulation.rewind(toStep: branchPoint + offset)
      #expect(simulation.world == expected[offset], "branch step \(offset)")
    }
  }

  @Test func stepsKeepTheirOutcomesAndTimes() throws {
    let (events, worlds) = Self.session(events: spacing + 50, seed: 3)
    let simulation = try Simulation.replaying(events, over: worlds[0])
    for (index, step) in simulation.steps.enumerated() {
      let (_, outcome) = try worlds[index].applying(events[index])
      #expect(step.outcome == outcome)
      #expect(step.now == worlds[index + 1].now)
    }
    var visited = 0
    simulation.forEachAppliedStep { step, world in
      visited += 1
      #expect(world == worlds[visited])
      #expect(step.event == events[visited - 1])
    }
    #expect(visited == events.count)
  }

  /// Steps are stored compactly (`StepHistory`: numbered events, results and messages, clock
  /// moves rebuilt from the times); after a branch every step must still read back as exactly
  /// the event, outcome and time the engine produced, the replaced ones gone.
  @Test func stepsReadBackExactlyAfterABranch() throws {
    let (events, worlds) = Self.session(events: spacing + 40, seed: 233)
    var simulation = try Simulation.replaying(events, over: worlds[0])
    let branchPoint = spacing - 5
    simulation.rewind(toStep: branchPoint)
    let (otherEvents, otherWorlds) = Self.session(events: 30, seed: 377, from: worlds[branchPoint])
    for event in otherEvents { try simulation.apply(event) }
    let allEvents = Array(events[..<branchPoint]) + otherEvents
    let allWorlds = Array(worlds[...branchPoint]) + otherWorlds.dropFirst()
    #expect(simulation.steps.count == allEvents.count)
    for (index, step) in simulation.steps.enumerated() {
      let (after, outcome) = try allWorlds[index].applying(allEvents[index])
      #expect(step.event == allEvents[index], "event of step \(index)")
      #expect(step.outcome == outcome, "outcome of step \(index)")
      #expect(step.now == after.now, "time of step \(index)")
    }
    #expect(simulation.appliedSteps.map(\.event) == allEvents)
  }

  @Test func rewindToTimeFindsTheLastStepAtOrBeforeIt() throws {
    let (events, worlds) = Self.session(events: spacing + 200, seed: 144)
    var simulation = try Simulation.replaying(events, over: worlds[0])
    let time = worlds[spacing + 20].now
    simulation.rewind(toTime: time)
    let expected = worlds.lastIndex { $0.now <= time } ?? 0
    #expect(simulation.position == expected)
    #expect(simulation.world == worlds[expected])
  }
}
