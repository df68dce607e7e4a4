import AppStoreCommerce
import LifecycleSimulator

/// A move through the one history that any door asks for: the UI's `[`, `]` and history dialog,
/// and the control API's `POST /epsim/v1/history`.
public enum HistoryMove: Hashable, Sendable {
  case undo
  case redo
  /// The cursor after `toStep` steps (0: the initial world).
  case rewind(toStep: Int)
}

/// Where the history stood when a door looked at it. A move that names the head it saw is
/// refused when the history moved since (another door's step landed, or an undo), so nobody takes
/// back a step they have not seen. A step replaced in place (the wall clock's quiet tick) keeps
/// the head where it was.
public struct HistoryHead: Hashable, Sendable, Codable {
  /// Which world: 0 for the first, one more for each new world since (the UI's `W`).
  public var world: Int
  /// Steps recorded, undone ones included.
  public var steps: Int
  /// Steps in effect.
  public var position: Int

  public init(world: Int, steps: Int, position: Int) {
    self.world = world
    self.steps = steps
    self.position = position
  }
}

/// Why the one history refuses a move; the state is left as it was.
public struct HistoryRefusal: Error, Hashable, Sendable {
  public enum Reason: String, Hashable, Sendable {
    case nothingToUndo, nothingToRedo, noSuchStep, headMoved, backendStep
  }

  public var reason: Reason
  /// The step it is about: the backend's step that stays, or the newest step since the head.
  public var step: Int?
  /// The history as it stands, for the door to show.
  public var head: HistoryHead
}

/// A move made: the cursor before and after it.
public struct HistoryMoved: Hashable, Sendable {
  public var from: Int
  public var to: Int
  public var head: HistoryHead
}

extension WorldSimulation where Tokens == Simulation {
  /// The history as it stands now.
  public var head: HistoryHead { HistoryHead(world: generation, steps: stepCount, position: position) }

  /// Makes `move` if the history allows it, judged here, on the one simulation, in the same
  /// change that makes it: no step a backend made through Apple's API is taken back (it was told
  /// it succeeded and keeps what it set; docs/decisions/0163-the-server-judges-undo.md), and with
  /// `seen`, nothing moved since the door looked.
  public mutating func move(_ move: HistoryMove, seen: HistoryHead? = nil) -> Result<
    HistoryMoved, HistoryRefusal
  > {
    let now = head
    if let seen, seen != now {
      return .failure(HistoryRefusal(reason: .headMoved, step: stepCount > 0 ? stepCount : nil, head: now))
    }
    let target: Int
    switch move {
    case .undo:
      guard canUndo else { return .failure(HistoryRefusal(reason: .nothingToUndo, head: now)) }
      target = position - 1
    case .redo:
      guard canRedo else { return .failure(HistoryRefusal(reason: .nothingToRedo, head: now)) }
      target = position + 1
    case .rewind(let step):
      guard (0...stepCount).contains(step) else {
        return .failure(HistoryRefusal(reason: .noSuchStep, step: step, head: now))
      }
      target = step
    }
    let backend = newestBackendStep
    if target < backend {
      return .failure(HistoryRefusal(reason: .backendStep, step: backend, head: now))
    }
    let from = position
    if target != position { rewind(toStep: target) }
    return .success(HistoryMoved(from: from, to: target, head: head))
  }

  /// One line about step `position` for a refusal or a log: what a backend did, or the step's kind.
  public func summary(ofStep position: Int) -> String {
    guard position > 0, position <= stepCount else { return "no step \(position)" }
    let entry = entry(position)
    if let backend = entry.backend { return backend.backendSummary }
    if entry.purchase != nil { return "a purchase step" }
    return entry.tokenSteps.map { tokens.steps.event(at: $0).summary }.joined(separator: "; ")
  }
}

extension HistoryRefusal {
  /// The refusal in words; `describe` names a step (the UI's summaries, or `summary(ofStep:)`).
  public func message(describe: (Int) -> String) -> String {
    switch reason {
    case .nothingToUndo: return "nothing to undo: this is the initial world"
    case .nothingToRedo: return "nothing to redo"
    case .noSuchStep:
      return "there is no step \(step ?? 0): the history has \(head.steps) steps (0 is the initial world)"
    case .headMoved:
      let newest = step.map { ": the newest is step \($0), \(describe($0))" } ?? ""
      return
        "the history moved since you looked (now \(head.steps) steps, \(head.position) in effect)\(newest); "
        + "look again, then undo"
    case .backendStep:
      let backend = step ?? 0
      return "cannot go back past step \(backend): a backend made it through the App Store Server API "
        + "(\(describe(backend))) and keeps it"
    }
  }
}

extension CommerceEvent {
  /// A backend's change through the App Store Server API, in a few words for logs and refusals.
  public var backendSummary: String {
    switch self {
    case .setAppAccountToken(let original, let token):
      return "backend set app account token \(token) on transaction \(original)"
    case .extendRenewalDate(let original, let days):
      return "backend extended transaction \(original)'s renewal by \(days) days"
    case .extendRenewalDates: return "backend extended renewal dates of a storefront's subscribers"
    case .finishTransaction(let id): return "backend finished transaction \(id)"
    case .sendConsumptionInformation(let id, _):
      return "backend sent consumption information for transaction \(id)"
    default: return "backend changed the App Store"
    }
  }
}
