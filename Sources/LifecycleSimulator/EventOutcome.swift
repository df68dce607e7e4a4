import ExternalPurchaseTokens

/// What applying one event produced: its result for the caller and lines for the event log.
public struct EventOutcome: Hashable, Sendable {
  public var result: EventResult
  public var log: [LogEntry]

  public init(result: EventResult, log: [LogEntry]) {
    self.result = result
    self.log = log
  }
}

/// The caller-visible result of an event.
public enum EventResult: Hashable, Sendable {
  /// An app lifecycle event; `startedPeriods` are the ids of periods it created.
  case lifecycle(startedPeriods: [Int])
  case token(TokenRequestResult)
  case eligibility(EligibilityVerdict)
  /// A legacy API call: the token id it produced, or why it could not.
  case legacy(LegacyResult)
  /// The clock moved; `expiredPeriods` crossed their expiration on the way.
  case clock(from: VirtualTime, to: VirtualTime, expiredPeriods: [Int])
  /// A change to the world's configuration.
  case changed
}

/// The answer to `ExternalPurchaseCustomLink.token(for:)`.
public enum TokenRequestResult: Hashable, Sendable {
  /// A token (index into `WorldState.tokens`) and how it relates to its period.
  case token(index: Int, disposition: TokenDisposition)
  /// `nil`: no active token of that type exists; `reason` says why.
  case noToken(reason: String)
  /// The call throws because the app is not eligible (or the OS lacks the API).
  case notEligible(Ineligibility)
}

/// How a returned token relates to earlier answers.
public enum TokenDisposition: String, Hashable, Sendable {
  /// The request started a new period (first request in sandbox, IN_APP/LINK_OUT every time).
  case newPeriod = "new-period"
  /// The first time the app asked for a period an event had already started.
  case firstOfPeriod = "first-of-period"
  /// The same token as the previous answer for this period.
  case same
  /// A refreshed token: same dates, new id.
  case refreshed
}

/// `isEligible`: true, or why not.
public enum EligibilityVerdict: Hashable, Sendable {
  case eligible
  case notEligible(Ineligibility)
}

/// The result of a notice sheet or link-out call.
public enum LegacyResult: Hashable, Sendable {
  case token(index: Int)
  case unavailable(Ineligibility)
}

/// One line of the event log, stamped with virtual time.
public struct LogEntry: Hashable, Sendable {
  public enum Kind: String, Hashable, Sendable {
    case event, token, period, expiry, refusal, info
  }
  /// What a line explains, for a caller that acts on it rather than only showing it: the terminal
  /// UI tells why an event started no period from this, never from the message's words.
  public enum Topic: Hashable, Sendable {
    /// A qualifying event started no period because the device is not eligible (the rules'
    /// `creationNeedsEligibility`).
    case noPeriodStarted
  }

  public var time: VirtualTime
  public var kind: Kind
  public var message: String
  public var topic: Topic?

  public init(time: VirtualTime, kind: Kind, message: String, topic: Topic? = nil) {
    self.time = time
    self.kind = kind
    self.message = message
    self.topic = topic
  }
}
