/// Where text goes inside a wider rectangle.
public enum Alignment: Hashable, Sendable {
  case left
  case center
  case right
}
