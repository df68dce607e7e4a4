/// What the mock server (`epsim tui --serve`) has seen, as plain text for the UI: its address,
/// and per externalPurchaseId the reports it accepted and the notifications it sent.
///
/// Plain data, so the UI stays pure and testable without a server: the host builds it from
/// the server's state and hands it in as a `TUIEvent.serverActivity`.
public struct ServerActivity: Hashable, Sendable {
  /// Where the server listens, such as `http://127.0.0.1:8080`.
  public var address: String
  /// Lines about each token, oldest first, such as `report LINE_ITEM (production) 5EC2EBDA`.
  public var linesByToken: [String: [String]]
  /// Every report request the server refused, newest last, whether or not it named a token
  /// (a bad signature or body names none).
  public var refusals: [String]

  /// Lines about each App Store transaction, by transactionId, oldest first: the API calls that
  /// named it and the notifications sent about it.
  public var linesByTransaction: [String: [String]]

  public init(
    address: String, linesByToken: [String: [String]] = [:], refusals: [String] = [],
    linesByTransaction: [String: [String]] = [:]
  ) {
    self.address = address
    self.linesByToken = linesByToken
    self.refusals = refusals
    self.linesByTransaction = linesByTransaction
  }

  /// The lines about one App Store transaction; empty when the server has seen nothing of it.
  public func lines(forTransaction transactionId: String) -> [String] {
    linesByTransaction[transactionId] ?? []
  }

  /// The lines about one token; empty when the server has seen nothing of it.
  public func lines(for externalPurchaseId: String) -> [String] {
    linesByToken[externalPurchaseId] ?? []
  }
}
