/// The panes of the main screen that can take the focus; `tab` moves between them.
public enum Pane: String, CaseIterable, Hashable, Sendable {
  case world
  case tokens
  case log

  /// The pane after this one, wrapping around.
  var next: Pane {
    let all = Pane.allCases
    return all[(all.firstIndex(of: self)! + 1) % all.count]
  }

  /// The pane before this one, wrapping around.
  var previous: Pane {
    let all = Pane.allCases
    return all[(all.firstIndex(of: self)! + all.count - 1) % all.count]
  }
}
