import Foundation

extension PropertyListValue {
  /// Converts what `PropertyListSerialization` returns; nil for a type a plist cannot hold.
  init?(foundationValue value: Any) {
    // Booleans first: on Linux they arrive as Swift `Bool`, on Darwin as an `NSNumber` whose
    // Objective-C type is "c". Checking `as? Bool` alone would turn the integers 0 and 1 into
    // Booleans, and a type check must not blur that difference.
    if type(of: value) == Bool.self, let flag = value as? Bool {
      self = .boolean(flag)
    } else if let number = value as? NSNumber {
      self = Self(number: number)
    } else if let string = value as? String {
      self = .string(string)
    } else if let date = value as? Date {
      self = .date(date)
    } else if let data = value as? Data {
      self = .data(data)
    } else if let array = value as? [Any] {
      var items: [PropertyListValue] = []
      for item in array {
        guard let converted = PropertyListValue(foundationValue: item) else { return nil }
        items.append(converted)
      }
      self = .array(items)
    } else if let dictionary = value as? [AnyHashable: Any] {
      var entries: [String: PropertyListValue] = [:]
      for (key, item) in dictionary {
        guard let name = key.base as? String, let converted = PropertyListValue(foundationValue: item)
        else { return nil }
        entries[name] = converted
      }
      self = .dictionary(entries)
    } else {
      return nil
    }
  }

  private init(number: NSNumber) {
    switch String(cString: number.objCType) {
    case "c": self = .boolean(number.boolValue)
    case "f", "d": self = .real(number.doubleValue)
    default: self = .integer(number.int64Value)
    }
  }
}
