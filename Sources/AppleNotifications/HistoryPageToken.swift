import AppleSigning
import AppleWireTypes
import Foundation
import LifecycleSimulator

/// Get Notification History's `paginationToken`: a position in the append-only notification log,
/// bound to the environment and query it pages, and to the virtual time it was issued. Opaque to
/// clients (Base64URL). Because the log only grows, a token stays valid while new notifications
/// arrive: the next page starts exactly after the last one listed.
package struct HistoryPageToken: Hashable {
  package var environment: AppleEnvironment
  package var fingerprint: UInt64
  package var position: Int
  package var issuedAt: VirtualTime

  /// **Assumption** (Apple publishes no lifetime): a token expires 30 days of virtual time after
  /// it was issued; using it later answers 4000017.
  package static let lifetime: VirtualDuration = 30 * Milliseconds.day

  package var text: String {
    Base64URLSegment.encode(Data("epsim1:\(environment):\(fingerprint):\(position):\(issuedAt)".utf8))
  }

  /// The token a client sent back, or nil when it is not one epsim issued.
  package init?(text: String) {
    guard let data = Base64URLSegment.decode(Substring(text)) else { return nil }
    let parts = String(decoding: data, as: UTF8.self).split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 5, parts[0] == "epsim1", let fingerprint = UInt64(parts[2]),
      let position = Int(parts[3]),
      position >= 0, let issuedAt = Int64(parts[4])
    else { return nil }
    self.init(
      environment: AppleEnvironment(rawValue: String(parts[1])), fingerprint: fingerprint, position: position,
      issuedAt: issuedAt)
  }

  package init(environment: AppleEnvironment, fingerprint: UInt64, position: Int, issuedAt: VirtualTime) {
    self.environment = environment
    self.fingerprint = fingerprint
    self.position = position
    self.issuedAt = issuedAt
  }
}
