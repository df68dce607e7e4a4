import LifecycleSimulator

/// The columns a pane's content needs inside its borders: `whole` keeps every name and id
/// whole, `rich` also shows the optional facts a wider pane adds.
struct PaneWidths: Hashable, Sendable {
  var whole: Int
  var rich: Int

  /// Widens to take one more row's needs.
  mutating func grow(whole: Int, rich: Int) {
    self.whole = max(self.whole, whole)
    self.rich = max(self.rich, max(whole, rich))
  }
}

/// What the main screen's panes hold, for `ScreenLayout` to share the width and height by:
/// the world pane's and the middle list's widths and their row counts.
struct PaneNeeds: Hashable, Sendable {
  var world = PaneWidths(whole: 28, rich: 28)
  var list = PaneWidths(whole: 40, rich: 40)
  var worldRows = 0
  var listRows = 0
  /// The token list's widths, kept while the purchases list is shown in its place.
  var tokenList = PaneWidths(whole: 40, rich: 40)
  /// What `world` and `tokenList` were measured from (nil: not yet measured).
  var worldKey: WorldKey?

  /// The parts of the world the world pane's and the token list's widths depend on. Arrays
  /// that were not changed share their storage, so comparing them is quick.
  struct WorldKey: Hashable, Sendable {
    var customers: [Customer]
    var devices: [Device]
    var rules: LifecycleRules
    var app: AppConfiguration
    var tokenCount: Int
    var showsAll: Bool
  }
}
