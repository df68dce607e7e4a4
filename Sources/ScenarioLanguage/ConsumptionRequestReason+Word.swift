import AppleWireTypes

extension ConsumptionRequestReason {
  /// The scenario word: the value in lower case with dashes (`unintended-purchase`).
  var word: String { String(rawValue.lowercased().map { $0 == "_" ? "-" : $0 }) }

  init?(word: String) {
    guard let value = Self.allCases.first(where: { $0.word == word }) else { return nil }
    self = value
  }
}
