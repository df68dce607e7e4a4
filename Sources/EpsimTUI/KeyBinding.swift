import TextFrame

/// One row of the key table: which keys, in which context, do what, and how the footer and
/// the help overlay describe it.
public struct KeyBinding: Hashable, Sendable {
  public var context: KeyContext
  /// The keys, the first one being the one footers show.
  public var keys: [Key]
  /// A word or two for the footer: "install", "SERVICES".
  public var label: String
  /// A sentence for the help overlay and docs/tui.md.
  public var help: String
  public var action: Action
  /// The help overlay's group heading within the context.
  public var section: String
  /// Footer order, lower first; nil keeps the binding out of the footer.
  public var footerRank: Int?
  public var requirement: KeyRequirement

  public init(
    _ context: KeyContext, _ keys: [Key], _ label: String, _ help: String, _ action: Action,
    section: String, footerRank: Int? = nil, when requirement: KeyRequirement = .always
  ) {
    self.context = context
    self.keys = keys
    self.label = label
    self.help = help
    self.action = action
    self.section = section
    self.footerRank = footerRank
    self.requirement = requirement
  }

  /// The keys as text for `lineStyle`: "j/↓" or "j/Down".
  public func keyText(for lineStyle: LineStyle) -> String {
    keys.map { $0.label(for: lineStyle) }.joined(separator: "/")
  }
}
