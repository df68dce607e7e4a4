import SimulationTime

extension CommerceState {
  /// How many id values one block spans: room for thousands of transactions at the engine's id steps.
  public static let idBlockWidth: UInt64 = 100_000

  /// The most blocks: block ids stay inside the 16-digit shape below the environment's first digit.
  public static let idBlockCount: UInt64 = 1_000_000_000

  /// A state whose transaction, web order line item and app transaction ids start at block `idBlock`.
  ///
  /// Tools that simulate many customers in worlds of their own (`epsim generate --purchases-out`)
  /// give each world its own block, so ids stay unique across worlds and the output stays
  /// reproducible. The ids a world mints stay below the next block for as long as
  /// `idsFit(inBlock:)` says so.
  public init(now: VirtualTime, settings: CommerceSettings, seed: UInt64, idBlock: UInt64) {
    precondition(idBlock < Self.idBlockCount, "id block \(idBlock) out of range")
    self.init(now: now, settings: settings, seed: seed)
    let offset = idBlock * Self.idBlockWidth
    lastTransactionId = settings.idPrefix * 1_000_000_000_000_000 + offset
    lastWebOrderLineItemId = lastTransactionId
    lastAppTransactionId = 7 * 100_000_000_000_000_000 + offset
  }

  /// True while every id minted so far lies inside block `idBlock`.
  public func idsFit(inBlock idBlock: UInt64) -> Bool {
    let offset = idBlock * Self.idBlockWidth
    let transactionLimit = settings.idPrefix * 1_000_000_000_000_000 + offset + Self.idBlockWidth
    let appLimit = 7 * 100_000_000_000_000_000 + offset + Self.idBlockWidth
    return lastTransactionId < transactionLimit && lastWebOrderLineItemId < transactionLimit
      && lastAppTransactionId < appLimit
  }
}
