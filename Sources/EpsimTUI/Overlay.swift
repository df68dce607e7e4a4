/// What covers the main screen, if anything. Esc closes every overlay.
public enum Overlay: Hashable, Sendable {
  /// The key list; `query` keeps only the keys whose key, label or help contains it.
  case help(scroll: Int, query: String = "")
  /// Typing a search of the help: the list below shows the matches as the text changes.
  case helpSearch(TextInput)
  case details(scroll: Int)
  /// `selection` is a history position: 0 is the initial world, n is "after step n".
  case history(selection: Int, scroll: Int)
  case dialog(Dialog)
  case search(TextInput)
  /// Quitting (q, Ctrl-C) with steps that were never saved: save, quit anyway, or stay.
  case confirmQuit
  /// One event log line in full (time, kind, message), wrapped.
  case logEntry(String, scroll: Int)

  /// The key context this overlay puts the keyboard in.
  var context: KeyContext {
    switch self {
    case .help: return .help
    case .details: return .details
    case .history: return .history
    case .dialog: return .dialog
    case .search: return .search
    case .helpSearch: return .helpSearch
    case .confirmQuit: return .confirmQuit
    case .logEntry: return .logEntry
    }
  }
}
