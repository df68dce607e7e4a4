import Dispatch
import EpsimTUI
import LifecycleSimulator
import TextFrame

// Measures how long the terminal UI takes to draw one frame of a world with 100,000 tokens.
// Not a test: it prints figures for docs/performance.md ("TUI frame rendering").

let customers = 100
let tokensPerCustomer = 1_000
let renders = 200

func milliseconds(since start: DispatchTime) -> Double {
  Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000
}

let buildStart = DispatchTime.now()
let world = try LargeWorld.make(customers: customers, tokensPerCustomer: tokensPerCustomer)
print("world: \(world.tokens.count) tokens, \(world.periods.count) periods, \(customers) customers")
print(String(format: "built in %.0f ms (engine, per customer, then joined)", milliseconds(since: buildStart)))

let stateStart = DispatchTime.now()
var state = TUIState(world: world)
print(String(format: "UI state with indexes: %.1f ms", milliseconds(since: stateStart)))
state.handle(.resize(width: 80, height: 24))
_ = state.render()
print(
  String(
    format: "first frame (UI state, indexes and one 80x24 render): %.1f ms", milliseconds(since: stateStart)))

/// Median and 95th percentile of `renders` renders at one size.
func measure(width: Int, height: Int, state: inout TUIState) -> (median: Double, p95: Double) {
  state.handle(.resize(width: width, height: height))
  var times: [Double] = []
  var cells = 0
  for _ in 0..<renders {
    let start = DispatchTime.now()
    let frame = state.render()
    times.append(milliseconds(since: start))
    cells += frame.cells.count
  }
  precondition(cells == renders * width * height)
  times.sort()
  return (times[times.count / 2], times[times.count * 95 / 100])
}

// The selected customer's rows: move into the middle of their 1,000 tokens.
state.handle(.key(.tab))
state.handle(.key(.home))
for _ in 0..<500 { state.handle(.key(.character("j"))) }
print("selected: token \(state.selectedIssuedToken?.id ?? -1) of customer \(state.selectedCustomerId ?? "-")")

for (width, height) in [(80, 24), (200, 60)] {
  let result = measure(width: width, height: height, state: &state)
  print(
    String(
      format: "%dx%d: median %.3f ms, p95 %.3f ms over %d renders", width, height, result.median, result.p95,
      renders))
}

let keyStart = DispatchTime.now()
for step in 0..<renders { state.handle(.key(.character(step % 2 == 0 ? "j" : "k"))) }
print(
  String(
    format: "moving the selection: %.3f ms per key (update only)",
    milliseconds(since: keyStart) / Double(renders)))
