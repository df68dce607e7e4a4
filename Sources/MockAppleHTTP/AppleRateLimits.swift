import Foundation

/// The App Store Server API endpoints with their own rate limit (SPEC-APPSTORE 4.2).
package enum AppStoreEndpoint: String, CaseIterable, Sendable {
  case transactionInfo, appTransactionInfo, historyV2, historyV1, subscriptionStatuses, consumptionV2
  case consumptionV1, finishTransaction, extendRenewalDate, setAppAccountToken, lookUpOrderId
  case refundHistory, massExtension, massExtensionStatus
  case notificationHistory, testNotification, testNotificationStatus

  package var name: String { rawValue }

  /// Production requests per second Apple states; sandbox gets a tenth (SPEC-APPSTORE 4.2).
  /// **Assumption:** the status of a mass extension is not in Apple's table; epsim gives it 10.
  package var perSecond: Double {
    switch self {
    case .transactionInfo, .appTransactionInfo, .historyV2, .historyV1, .subscriptionStatuses, .consumptionV2,
      .consumptionV1, .finishTransaction, .notificationHistory:
      return 50
    case .extendRenewalDate, .setAppAccountToken: return 20
    case .lookUpOrderId, .refundHistory, .massExtensionStatus: return 10
    case .massExtension, .testNotification, .testNotificationStatus: return 1
    }
  }
}

/// Apple's per-endpoint rate limits, when `epsim serve --apple-rate-limits` asks for them: stated per
/// second, enforced over a window (Apple's is an hour), per environment, the sandbox at 10 %.
public struct AppleRateLimits: Sendable, Hashable {
  /// The window requests are counted over, in seconds; windows start at multiples of it.
  public var window: Int

  public init(window: Int = 3600) { self.window = window }

  /// How many requests an endpoint takes per window (at least one).
  package func limit(_ endpoint: AppStoreEndpoint, sandbox: Bool) -> Int {
    max(1, Int(endpoint.perSecond * Double(window) * (sandbox ? 0.1 : 1)))
  }
}

/// Counts requests per endpoint, environment and window; shared by every request of one server.
// @unchecked: `counts` is read and written under `lock`.
package final class AppleRateCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var counts: [String: (window: Int64, count: Int)] = [:]

  package init() {}

  /// Nil when admitted; otherwise the UNIX time in milliseconds at which the window ends, for
  /// `Retry-After` (SPEC-APPSTORE 4.2: Apple writes milliseconds there).
  package func admit(_ endpoint: AppStoreEndpoint, sandbox: Bool, limits: AppleRateLimits, now: Date)
    -> Int64?
  {
    let seconds = Int64(now.timeIntervalSince1970.rounded(.down))
    let window = seconds / Int64(limits.window)
    let key = "\(sandbox ? "sandbox" : "production")/\(endpoint.rawValue)"
    return lock.withLock {
      var entry = counts[key] ?? (window, 0)
      if entry.window != window { entry = (window, 0) }
      guard entry.count < limits.limit(endpoint, sandbox: sandbox) else {
        return (window + 1) * Int64(limits.window) * 1000
      }
      entry.count += 1
      counts[key] = entry
      return nil
    }
  }
}
