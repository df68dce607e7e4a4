import AppStoreCommerce
import CommerceSimulation
import LifecycleSimulator
import ScenarioLanguage
import SimulatedWorld
import TextFrame

/// The root of the terminal UI: the one simulation (token world and App Store, with their
/// history), the terminal's size, the focus, the overlay and the status line, composed with the
/// panes and concerns that own the rest (`WorldPane`, `TokensPane`, `PurchasesPane`, `LogPane`,
/// `SearchFilter`, `Playback`, `ScenarioProgress`, `SessionFiles`). `handle(_:)` routes each event
/// to the focused pane or the open overlay and does the work that spans panes (a step of
/// history, then `refreshDerived()` for every pane); `render()` draws it.
///
/// With a server beside it (`epsim tui --serve`) the server owns the simulation: every change goes
/// through `owner`, and `simulation` is the server's as of the last change or look; the UI
/// never waits for it (`changeSimulation(_:then:)`).
public struct TUIState: Sendable {
  public internal(set) var simulation: WorldSimulation<Simulation>
  /// The server that owns the simulation, if one does; nil: the UI owns it.
  public internal(set) var owner: (any SimulationOwner)?
  /// Unicode box drawing, or ASCII when the terminal's locale is not UTF-8.
  public var lineStyle: LineStyle
  public internal(set) var width: Int
  public internal(set) var height: Int
  public internal(set) var focus: Pane = .world
  public internal(set) var overlay: Overlay?
  public internal(set) var status: StatusMessage?
  public internal(set) var isFinished = false
  /// Signs a transaction as StoreKit 2's `jwsRepresentation` (`J`); set by the host, which has
  /// the keys (the mock server's test CA with `--serve`). Nil: the key says it cannot sign.
  public var transactionSigner: (@Sendable (TransactionPayload) -> String?)?
  /// The mock server running beside the UI, as last reported; nil without `--serve`.
  public internal(set) var server: ServerActivity?

  // The panes, each with its own state and update.
  /// Customers and devices: which is selected, how far the list scrolls.
  var worldPane = WorldPane()
  /// The selected customer's tokens (or everyone's): selection, rows, the index of the world's tokens.
  var tokensPane = TokensPane()
  /// The selected customer's App Store purchases, shown in the tokens pane's place (`p`).
  var purchasesPane = PurchasesPane()
  /// The event log: its scroll and the lines it shows beside the engine's.
  var logPane = LogPane()

  // Concerns that span panes.
  /// The filter `/` sets, which the token list and the log show only matches of.
  var filter = SearchFilter()
  /// Playing the clock: whether, how fast, and the step it extends.
  var playback = Playback()
  /// The scenario being stepped through (`epsim tui FILE`), if one was loaded, and its progress.
  var scenario = ScenarioProgress()
  /// The files asked of the host, and the steps the last save holds: quitting with others asks.
  var files = SessionFiles()
  /// What the panes hold, which the layout shares the screen by; refreshed with the panes.
  var paneNeeds = PaneNeeds()
  /// The next token expiry or App Store moment; refreshed by `refreshDerived()` after every event.
  var nextExpiry: VirtualTime?
  /// The change sent to the owner whose answer has not come back (see `SimulationOwner`).
  var awaitedChange: AwaitedChange?
  /// Events that arrived while a change was awaited, handled in order once it is answered.
  var eventsWaiting: [TUIEvent] = []
  /// How many changes have been sent to the owner: the next one's number.
  var changesSent = 0

  /// The UI on a fresh simulation of `world`, with an App Store selling `products`.
  public init(
    world: WorldState, products: [Product] = [], lineStyle: LineStyle = .unicode, width: Int = 80,
    height: Int = 24
  ) {
    self.init(
      simulation: Simulation(initial: world), store: CommerceWorld(products: products, world: world),
      lineStyle: lineStyle, width: width, height: height)
  }

  /// The UI on a simulation that may already have history (a replayed scenario, for example):
  /// undo and the history dialog reach back through it. `store` is the App Store of its initial
  /// world (none sells nothing); the steps taken already only move its clock.
  public init(
    simulation: Simulation, store: CommerceWorld? = nil, lineStyle: LineStyle = .unicode, width: Int = 80,
    height: Int = 24
  ) {
    var world = WorldSimulation(
      tokens: Simulation(initial: simulation.initial),
      store: store ?? CommerceWorld(products: [], world: simulation.initial))
    for position in 0..<simulation.position {
      _ = try? world.apply(.events([simulation.steps.event(at: position)]))
    }
    self.init(world: world, lineStyle: lineStyle, width: width, height: height)
  }

  /// The UI on a simulation (its own, or the server's it shows).
  public init(
    world simulation: WorldSimulation<Simulation>, lineStyle: LineStyle = .unicode, width: Int = 80,
    height: Int = 24
  ) {
    self.simulation = simulation
    self.lineStyle = lineStyle
    self.width = width
    self.height = height
    let world = simulation.world
    let firstDevice = world.customers.lazy.compactMap { customer in
      world.devices.first { $0.customerId == customer.id }
    }.first
    worldPane.selection = firstDevice.map { .device($0.id) } ?? world.customers.first.map { .customer($0.id) }
    files.markSaved(simulation.appliedSteps)
    refreshDerived()
  }

  /// The UI on a scenario's world (built from its setup lines), ready to step through its lines.
  public init(script: ScenarioStepper, lineStyle: LineStyle = .unicode, width: Int = 80, height: Int = 24)
    throws(SetupRefusal)
  {
    let world = try script.initialWorld().get()
    self.init(
      simulation: Simulation(initial: world),
      store: CommerceWorld(setup: Array(script.scenario.setup), world: world),
      lineStyle: lineStyle, width: width, height: height)
    scenario = ScenarioProgress(script)
    refreshDerived()
  }

  public var world: WorldState { simulation.world }

  /// The clock's play rate.
  public var playRate: PlayRate { playback.rate }

  /// Whether the clock plays.
  public var isPlaying: Bool { playback.isPlaying }

  /// The loaded scenario at its next line, if one was loaded.
  public var script: ScenarioStepper? { scenario.current }

  /// The key context the next key is read in.
  public var context: KeyContext { overlay?.context ?? .main }

  /// The device selected in the world pane, if a device row is selected.
  public var selectedDevice: Device? {
    guard case .device(let id) = worldPane.selection else { return nil }
    return world.device(id)
  }

  /// The customer whose tokens are shown: the selected customer, or the selected device's.
  public var selectedCustomerId: String? {
    switch worldPane.selection {
    case .customer(let id): return id
    case .device(let id): return world.device(id)?.customerId
    case nil: return nil
    }
  }

  /// The token selected in the tokens pane.
  public var selectedIssuedToken: IssuedToken? {
    guard let selected = tokensPane.selected, world.tokens.indices.contains(selected) else { return nil }
    return world.tokens[selected]
  }

  public var layout: ScreenLayout {
    ScreenLayout(
      width: width, height: height, scenarioLine: script != nil, footerRows: footerRows, needs: paneNeeds)
  }
}
