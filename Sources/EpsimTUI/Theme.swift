import TextFrame

/// The few styles the UI uses. Default background everywhere and eight-colour foregrounds
/// plus attributes, so the screen reads on dark and light terminal themes alike.
enum Theme {
  static let plain = Style.plain
  static let bold = Style(attributes: .bold)
  static let dim = Style(attributes: .dim)
  static let selected = Style(attributes: .reverse)
  static let focusedBorder = Style(foreground: .cyan, attributes: .bold)
  static let heading = Style(attributes: [.bold, .underline])
  /// Unmistakable environment badges: colour and reverse video, so even without colour they stand out.
  static let sandboxBadge = Style(foreground: .yellow, attributes: [.reverse, .bold])
  static let productionBadge = Style(foreground: .red, attributes: [.reverse, .bold])
  static let active = Style(foreground: .green)
  static let expired = Style(foreground: .red)
  static let error = Style(foreground: .red, attributes: .bold)
  static let success = Style(foreground: .green)
  static let key = Style(attributes: [.bold, .reverse])
  static let playing = Style(foreground: .green, attributes: .bold)

  static func status(_ kind: StatusMessage.Kind) -> Style {
    switch kind {
    case .info: return plain
    case .success: return success
    case .error: return error
    }
  }
}
