/// Literal syntax for property list values, so tests and callers can write plists inline.
extension PropertyListValue: ExpressibleByStringInterpolation, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral,
  ExpressibleByDictionaryLiteral
{
  public init(stringLiteral value: String) { self = .string(value) }
  public init(integerLiteral value: Int64) { self = .integer(value) }
  public init(floatLiteral value: Double) { self = .real(value) }
  public init(booleanLiteral value: Bool) { self = .boolean(value) }
  public init(arrayLiteral elements: PropertyListValue...) { self = .array(elements) }

  /// Later duplicates win, as in a property list file.
  public init(dictionaryLiteral elements: (String, PropertyListValue)...) {
    self = .dictionary(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
}
