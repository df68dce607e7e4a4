/// A row of the world pane: a customer, or one of their devices beneath them.
public enum WorldRow: Hashable, Sendable {
  case customer(String)
  case device(String)

  /// The customer id or device id.
  var id: String {
    switch self {
    case .customer(let id), .device(let id): return id
    }
  }
}
