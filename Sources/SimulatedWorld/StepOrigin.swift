/// Which door made a step of the one history: the log, the history dialog and the control API's
/// history show it, so whoever reads them can tell a key press from a backend's request.
public enum StepOrigin: String, Hashable, Sendable, Codable, CaseIterable {
  /// A key or form of the terminal UI.
  case terminalUI
  /// A line of a scenario (`epsim run`, or a script the UI steps through).
  case scenario
  /// A request to the control API (`/epsim/v1/...`).
  case controlAPI
  /// A backend through Apple's App Store Server API (an app account token, a finished
  /// transaction, an extension).
  case appleAPI
  /// The virtual clock following real time (`--clock wall`).
  case wallClock
  /// Not recorded: a step saved by an epsim before origins (state format 1), or a world handed
  /// over with history of its own.
  case unknown

  /// A few words for a log line or a history row.
  public var label: String {
    switch self {
    case .terminalUI: "UI"
    case .scenario: "scenario"
    case .controlAPI: "control API"
    case .appleAPI: "backend"
    case .wallClock: "clock"
    case .unknown: "-"
    }
  }
}
