import Foundation

/// JWTs whose signature and fixed claims already verified, with their `iat` and `exp`: a backend
/// reuses one JWT for many calls, and an ECDSA verification per call would cap the server's
/// rate. The time checks still run on every request. Bounded: emptied when full.
package final class VerifiedTokenCache: @unchecked Sendable {
  // @unchecked: every access to `entries` holds `lock`.
  private let lock = NSLock()
  private var entries: [String: (iat: TimeInterval?, exp: TimeInterval)] = [:]
  private let capacity: Int

  package init(capacity: Int = 1_024) {
    self.capacity = capacity
  }

  package func lookup(_ token: Substring) -> (iat: TimeInterval?, exp: TimeInterval)? {
    lock.withLock { entries[String(token)] }
  }

  package func store(_ token: Substring, iat: TimeInterval?, exp: TimeInterval) {
    lock.withLock {
      if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
      entries[String(token)] = (iat, exp)
    }
  }
}
