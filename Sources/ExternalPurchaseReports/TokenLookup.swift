import LifecycleSimulator

/// Tokens of a world by `externalPurchaseId`, built once so a server checking thousands of
/// reports a second finds each token without scanning the whole world.
public struct TokenLookup: Sendable {
  private let indexes: [String: Int]

  public init(world: WorldState) {
    var indexes: [String: Int] = [:]
    indexes.reserveCapacity(world.tokens.count)
    for issued in world.tokens { indexes[issued.token.externalPurchaseId] = issued.id }
    self.indexes = indexes
  }

  /// The index in `world.tokens` of the token with this id.
  public func index(of externalPurchaseId: String) -> Int? { indexes[externalPurchaseId] }
}
