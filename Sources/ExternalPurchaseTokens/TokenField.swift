/// The six fields the decoder knows, in Apple's order (their raw values).
enum TokenField: Int, CaseIterable {
  case appAppleId
  case bundleId
  case tokenCreationDate
  case externalPurchaseId
  case tokenType
  case tokenExpirationDate

  var name: String { utf8Name.description }

  /// Integer fields hold numbers; the others hold strings.
  var holdsInteger: Bool {
    switch self {
    case .appAppleId, .tokenCreationDate, .tokenExpirationDate: return true
    case .bundleId, .externalPurchaseId, .tokenType: return false
    }
  }

  /// The name as bytes; the names all differ in length, which makes matching cheap.
  private var utf8Name: StaticString {
    switch self {
    case .appAppleId: return "appAppleId"
    case .bundleId: return "bundleId"
    case .tokenCreationDate: return "tokenCreationDate"
    case .externalPurchaseId: return "externalPurchaseId"
    case .tokenType: return "tokenType"
    case .tokenExpirationDate: return "tokenExpirationDate"
    }
  }

  /// The field whose name is exactly `bytes`, without making a string.
  init?(nameBytes bytes: UnsafeBufferPointer<UInt8>) {
    let candidate: TokenField
    switch bytes.count {
    case 10: candidate = .appAppleId
    case 8: candidate = .bundleId
    case 17: candidate = .tokenCreationDate
    case 18: candidate = .externalPurchaseId
    case 9: candidate = .tokenType
    case 19: candidate = .tokenExpirationDate
    default: return nil
    }
    guard bytes.equals(candidate.utf8Name) else { return nil }
    self = candidate
  }

  /// The field called `name` (for names written with escapes).
  init?(name: String) {
    guard let field = TokenField.allCases.first(where: { $0.name == name }) else { return nil }
    self = field
  }
}
