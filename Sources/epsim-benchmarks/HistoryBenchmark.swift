import AppStoreCommerce
import CommerceSimulation
import ExternalPurchaseTokens
import Foundation
import LifecycleSimulator
import SimulatedWorld

/// Memory and rewind time of a long interactive session: the one simulation (`WorldSimulation`:
/// token world and App Store, one history) after many steps, as the terminal UI and the server
/// record them, then rewinds to seeded random steps.
struct HistoryBenchmark {
  /// Event counts at which resident memory is reported; the last is the session's length.
  var checkpoints = [100_000, 1_000_000]
  var rewinds = 200
  /// Also keep the world after every step, as `Simulation` did before snapshots: the memory
  /// figure of the earlier design, for comparison.
  var keepEveryWorld = false

  /// A TUI session on the demo world in sandbox: requests answered from existing periods,
  /// eligibility checks, updates, clock moves of five minutes (so periods expire and renew
  /// hourly), and a new IN_APP token every 100 events.
  ///
  /// Purchases mixed in: coins bought on alice's iPhone every 20 steps and one in ten of them
  /// refunded, a monthly plan bought by bruno every 500 steps (it renews every five sandbox
  /// minutes until the sandbox's renewal limit ends it), so the App Store changes with purchases
  /// and with the clock.
  static func step(_ number: Int, world: WorldState) throws(SimulationError) -> WorldStep {
    switch number % 500 {
    case 139:
      return .purchase(
        .buy(product: "premium.monthly", device: "bruno.iphone", quantity: 1, offer: nil, accountToken: nil))
    case 259: return .purchase(.refund(product: "coins.100", customer: "alice", reason: .other))
    default: break
    }
    if number % 20 == 19 {
      return .purchase(
        .buy(product: "coins.100", device: "alice.iphone", quantity: 1, offer: nil, accountToken: nil))
    }
    return .events([try event(number, world: world)])
  }

  static func event(_ number: Int, world: WorldState) throws(SimulationError) -> WorldEvent {
    if number % 100 == 99 { return .requestToken(device: "kenji.iphone", type: .inApp) }
    switch number % 10 {
    case 0, 8: return .requestToken(device: "alice.iphone", type: .services)
    case 1, 6: return .advanceClock(to: try world.resolve(.by(5 * Milliseconds.minute)))
    case 2: return .requestToken(device: "alice.iphone", type: .acquisition)
    case 3: return .checkEligibility(device: "bruno.iphone")
    case 4: return .requestToken(device: "kenji.iphone", type: .services)
    case 5: return .checkEligibility(device: "kenji.iphone")
    case 7: return .update(device: "alice.iphone", version: nil)
    default: return .checkEligibility(device: "alice.ipad")
    }
  }

  func run() throws {
    let initial = DemoWorld.world()
    var simulation = WorldSimulation(
      tokens: Simulation(initial: initial),
      store: CommerceWorld(products: DemoCatalog.products, world: initial))
    for device in ["alice.iphone", "alice.ipad", "bruno.iphone", "kenji.iphone"] {
      try simulation.apply(.events([.install(device: device)]))
    }
    print(
      "inline sizes: step \(MemoryLayout<Simulation.Step>.stride) B (event \(MemoryLayout<WorldEvent>.size) B, "
        + "outcome \(MemoryLayout<EventOutcome>.size) B), token \(MemoryLayout<IssuedToken>.stride) B, "
        + "period \(MemoryLayout<TokenPeriod>.stride) B, transaction \(MemoryLayout<TransactionRecord>.stride) B"
    )
    let start = Date()
    print("resident memory at start: \(Self.residentMegabytes()) MB")
    var applied = simulation.stepCount
    var everyWorld: [WorldState] = []
    var refused = 0
    for checkpoint in checkpoints {
      while applied < checkpoint {
        do {
          try simulation.apply(try Self.step(applied, world: simulation.world))
        } catch {
          // A plan bought while the last one still runs is refused: a check stands in for it.
          refused += 1
          try simulation.apply(.events([.checkEligibility(device: "bruno.iphone")]))
        }
        if keepEveryWorld { everyWorld.append(simulation.world) }
        applied += 1
      }
      let world = simulation.world
      let store = simulation.store?.state
      print(
        "after \(checkpoint) steps: resident \(Self.residentMegabytes()) MB; world: \(world.tokens.count) tokens, "
          + "\(world.periods.count) periods; App Store: \(store?.transactions.count ?? 0) transactions "
          + "(\(refused) purchases refused); \(String(format: "%.1f", Date().timeIntervalSince(start))) s so far"
      )
      print("RESULT history-rss-\(checkpoint) \(Self.residentMegabytes())")
      fflush(nil)  // long runs are watched as they go
    }
    if keepEveryWorld {
      print("kept \(everyWorld.count) worlds besides the history (the earlier design)")
      return
    }
    var random = SeededGenerator(seed: 13)
    var times: [Double] = []
    var cpuTimes: [Double] = []
    let final = simulation.world
    let finalStore = simulation.store?.state
    for _ in 0..<rewinds {
      let target = random.below(simulation.stepCount + 1)
      let before = DispatchTime.now()
      let cpuBefore = Self.threadCPUMilliseconds()
      simulation.rewind(toStep: target)
      cpuTimes.append(Self.threadCPUMilliseconds() - cpuBefore)
      times.append(Double(DispatchTime.now().uptimeNanoseconds - before.uptimeNanoseconds) / 1e6)
    }
    let redoStart = DispatchTime.now()
    simulation.rewind(toStep: simulation.stepCount)
    let back = Double(DispatchTime.now().uptimeNanoseconds - redoStart.uptimeNanoseconds) / 1e6
    precondition(simulation.world == final, "rewinding to the end must give the same world")
    precondition(simulation.store?.state == finalStore, "rewinding to the end must give the same App Store")
    times.sort()
    print(
      String(
        format:
          "rewind to %d random steps: median %.2f ms, p95 %.2f ms, max %.2f ms; back to the end %.2f ms",
        rewinds, times[times.count / 2], times[times.count * 95 / 100], times.last ?? 0, back))
    print("RESULT history-rewind-max-ms \(String(format: "%.2f", times.last ?? 0))")
    // Wall time on a shared machine counts the waits for a core; CPU time is the rewind's own work.
    cpuTimes.sort()
    print(
      String(
        format: "rewind CPU time: median %.2f ms, p95 %.2f ms, max %.2f ms", cpuTimes[cpuTimes.count / 2],
        cpuTimes[cpuTimes.count * 95 / 100], cpuTimes.last ?? 0))
    print("RESULT history-rewind-max-cpu-ms \(String(format: "%.2f", cpuTimes.last ?? 0))")
  }

  /// CPU time this thread has used, in milliseconds.
  static func threadCPUMilliseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
  }

  /// VmRSS of this process from /proc (Linux), in MB.
  static func residentMegabytes() -> String {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
    let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    return String(format: "%.1f", kilobytes / 1024)
  }
}
