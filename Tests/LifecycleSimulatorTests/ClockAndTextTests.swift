import LifecycleSimulator
import Testing

@Suite("Clock targets, durations, ISO times")
struct ClockAndTextTests {
  @Test(
    arguments: [
      ("1h", 3_600_000), ("59m59.999s", 3_599_999), ("1ms", 1), ("2d12h", 216_000_000), ("1.5s", 1_500),
      ("365d", 31_536_000_000), ("0ms", 0),
    ] as [(String, Int64)])
  func parsesDurations(text: String, milliseconds: Int64) throws {
    #expect(try DurationText.parse(text) == milliseconds)
    #expect(try DurationText.parse(DurationText.format(milliseconds)) == milliseconds)
  }

  @Test(arguments: ["", "h", "1", "1x", "1.0001s", "1..2s", "-1s", "99999999999999999d"])
  func rejectsBadDurations(text: String) {
    #expect(throws: DurationText.ParseError.self) { try DurationText.parse(text) }
  }

  @Test func formatsDurationsCompactly() {
    #expect(DurationText.format(3_599_999) == "59m59.999s")
    #expect(DurationText.format(90_061_001) == "1d1h1m1.001s")
    #expect(DurationText.format(7) == "7ms")
  }

  @Test func isoTimesRoundTrip() throws {
    #expect(ISOTime.string(0) == "1970-01-01T00:00:00.000Z")
    #expect(ISOTime.string(1_772_355_600_000) == "2026-03-01T09:00:00.000Z")
    #expect(ISOTime.parse("2024-02-29T23:59:59.999Z") == 1_709_251_199_999)
    #expect(ISOTime.parse("2023-02-29T00:00:00Z") == nil)
    #expect(ISOTime.string(-1) == "1969-12-31T23:59:59.999Z")
    for time: Int64 in [0, 1, 951_782_400_000, 4_102_444_800_000, 1_709_251_199_999] {
      #expect(ISOTime.parse(ISOTime.string(time)) == time)
    }
  }

  @Test func nextExpiryOffsetsWalkAcrossTheBoundary() throws {
    var world = TestWorlds.eu(rules: .sandbox)
    try world.run(.install(device: "a1"))
    _ = try world.request(.services, on: "a1")
    let expiry = TestWorlds.start + Milliseconds.hour
    try world.run(.advanceClock(to: try world.resolve(.nextExpiry(offset: -1))))
    #expect(world.now == expiry - 1)
    try world.run(.advanceClock(to: try world.resolve(.nextExpiry(offset: 0))))
    #expect(world.now == expiry)
    try world.run(.advanceClock(to: try world.resolve(.nextExpiry(offset: 1))))
    #expect(world.now == expiry + 1)
    #expect(throws: SimulationError.self) { try world.resolve(.nextExpiry(offset: 0)) }
  }

  @Test func simulationUndoRedoRestoresExactStates() throws {
    var simulation = Simulation(initial: TestWorlds.eu(rules: .sandbox))
    try simulation.apply(.install(device: "a1"))
    try simulation.apply(.requestToken(device: "a1", type: .services))
    let afterRequest = simulation.world
    try simulation.moveClock(.by(Milliseconds.hour))
    let undone = simulation.undo()
    #expect(undone)
    #expect(simulation.world == afterRequest)
    let redone = simulation.redo()
    #expect(redone)
    #expect(simulation.world.now == TestWorlds.start + Milliseconds.hour)
    simulation.rewind(toStep: 0)
    #expect(simulation.world == simulation.initial)
    let replayed = try Simulation.replaying(simulation.steps.map(\.event), over: simulation.initial)
    simulation.rewind(toStep: simulation.steps.count)
    #expect(replayed.world == simulation.world, "replay gives byte-identical state")
  }
}
