/// Why a `.storekit` file was refused: the file, where (line and column for text that is not
/// JSON, else the JSON path of the value) and what was expected. Nothing of the file is used.
public struct StoreKitReadError: Error, Hashable, Sendable, CustomStringConvertible {
  public var file: String
  /// The value's JSON path such as `subscriptionGroups[1].subscriptions[0].recurringSubscriptionPeriod`;
  /// empty for the file as a whole.
  public var path: String
  /// 1-based line and column, for text that is not JSON.
  public var line: Int?
  public var column: Int?
  public var message: String

  public init(file: String, path: String = "", line: Int? = nil, column: Int? = nil, message: String) {
    self.file = file
    self.path = path
    self.line = line
    self.column = column
    self.message = message
  }

  public var description: String {
    if let line, let column { return "\(file):\(line):\(column): not JSON: \(message)" }
    return path.isEmpty ? "\(file): \(message)" : "\(file): \(path): \(message)"
  }
}
