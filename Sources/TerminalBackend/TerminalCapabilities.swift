import TextFrame

/// What the running terminal can show, decided once when a session starts.
public struct TerminalCapabilities: Hashable, Sendable {
  /// Unicode lines when the locale's character set is UTF-8, ASCII otherwise.
  public var lineStyle: LineStyle
  /// False when the terminal has no colours or the user set `NO_COLOR`; the backend then
  /// ignores every colour, so an app should mark things with attributes (bold, reverse) too.
  public var hasColor: Bool

  public init(lineStyle: LineStyle, hasColor: Bool) {
    self.lineStyle = lineStyle
    self.hasColor = hasColor
  }

  /// The capabilities for a terminal whose locale uses `codeset` (as `nl_langinfo(CODESET)`
  /// names it) and that can (`terminalHasColors`) show colours, honouring `NO_COLOR`: any
  /// non-empty value turns colour off, as no-color.org asks.
  public static func detect(
    environment: [String: String], codeset: String, terminalHasColors: Bool
  ) -> TerminalCapabilities {
    let normalized = codeset.lowercased().filter { $0 != "-" }
    let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
    return TerminalCapabilities(
      lineStyle: normalized == "utf8" ? .unicode : .ascii, hasColor: terminalHasColors && !noColor)
  }
}
