import LifecycleSimulator

extension WorldCommand {
  /// Checks the command's numbers against `StepLimits`, naming the control API member at fault.
  /// The scenario parser checks each word as it reads it (for its column) and the UI each form
  /// field, against the same limits; the engines refuse what slips past them.
  public func checkLimits() throws(StepLimitViolation) {
    switch self {
    case .advance(.by(let duration)): try StepLimits.duration.check(duration, field: "by")
    case .advance(.to(let time)): try StepLimits.time.check(time, field: "to")
    case .advance(.nextExpiry(let offset)), .advance(.nextMoment(let offset)),
      .advance(.expiryOf(_, _, let offset)),
      .advance(.commerce(_, _, let offset)):
      try StepLimits.offset.check(offset, field: "offset")
    case .rule(.lifetime(_, let duration)): try StepLimits.lifetime.check(duration, field: "duration")
    case .rule(.refresh(.everyNth(let count))): try StepLimits.refreshInterval.check(count, field: "every")
    case .rule(.refresh(.probability(let chance))):
      try StepLimits.probability.check(chance, field: "probability")
    case .commerce(let step): try step.checkLimits()
    default: return
    }
  }
}
