/// Which part of the UI has the keyboard: the main screen or one overlay. Each context has
/// its own bindings in `KeyTable`; a key means at most one thing in one context.
public enum KeyContext: String, CaseIterable, Hashable, Sendable {
  case main
  case help
  case details
  case history
  case dialog
  case search
  /// Typing a search of the help (`/` in the help).
  case helpSearch
  case confirmQuit
  case logEntry

  /// The heading used for this context in the help overlay and docs/tui.md.
  public var title: String {
    switch self {
    case .main: return "Main screen"
    case .help: return "Help overlay"
    case .details: return "Token details overlay"
    case .history: return "History dialog"
    case .dialog: return "Dialogs (forms)"
    case .search: return "Filter prompt"
    case .helpSearch: return "Help search prompt"
    case .confirmQuit: return "Quit with unsaved steps"
    case .logEntry: return "Log line overlay"
    }
  }
}
