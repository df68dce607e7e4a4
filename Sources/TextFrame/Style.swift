/// How a cell looks: foreground and background colour plus attributes.
public struct Style: Hashable, Sendable {
  public var foreground: Color
  public var background: Color
  public var attributes: TextAttributes

  public init(foreground: Color = .default, background: Color = .default, attributes: TextAttributes = []) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// The terminal's default colours, no attributes.
  public static let plain = Style()

  /// This style with `attributes` added, for chaining: `Style(foreground: .red).adding(.bold)`.
  public func adding(_ attributes: TextAttributes) -> Style {
    var copy = self
    copy.attributes.formUnion(attributes)
    return copy
  }
}
