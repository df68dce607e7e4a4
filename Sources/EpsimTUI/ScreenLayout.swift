import TextFrame

/// Where each part of the main screen goes for a terminal size. Update and view share it,
/// so scrolling keeps the selection inside exactly the rows the view draws.
public struct ScreenLayout: Hashable, Sendable {
  /// Below this the screen shows a "terminal too small" notice instead of panes.
  public static let minimum = SizeRequirement(width: 60, height: 16)
  /// From this width on, the token details sit beside the token list when the panes' content fits.
  public static let sideBySideWidth = 120

  public var header: Rect
  /// The loaded scenario's current line, under the header; nil without a scenario.
  public var scenario: Rect?
  public var world: Rect
  public var tokens: Rect
  public var details: Rect
  public var log: Rect
  public var status: Rect
  public var footer: Rect
  /// Whether the details pane has the full height beside the list (wide terminals).
  public var detailsBeside: Bool

  /// From this height the footer may take a second row, so every key that applies fits.
  public static let twoRowFooterHeight = 20

  /// The least the details pane takes beside the list; narrower, it goes under the panes.
  static let detailsBesideMinimum = 42
  /// The least the world pane takes when the panes do not all fit.
  static let worldMinimum = 30

  /// `needs`: what the world pane and the middle list hold, which the columns are shared by.
  init(
    width: Int, height: Int, scenarioLine: Bool = false, footerRows: Int = 1, needs: PaneNeeds = PaneNeeds()
  ) {
    let screen = Rect(x: 0, y: 0, width: width, height: height)
    var rows = screen.rows([.fixed(1), .fixed(scenarioLine ? 1 : 0), .fill, .fixed(1), .fixed(footerRows)])
    header = rows[0]
    scenario = scenarioLine ? rows[1] : nil
    rows.remove(at: 1)
    status = rows[2]
    footer = rows[3]
    let body = rows[1]
    // Widths with the borders; a world of very long names takes at most 45% of the screen.
    let worldCap = max(Self.worldMinimum, width * 45 / 100)
    // Names are short and ids long: when the panes do not all fit, the world keeps its names
    // whole, and the list shows the distinguishing start of each id.
    let worldWhole = min(worldCap, needs.world.whole + 2)
    let world = ColumnShare.Claim(whole: worldWhole, floor: max(Self.worldMinimum, worldWhole))
    let worldRich = min(worldCap, needs.world.rich + 2)
    let list = ColumnShare.Claim(whole: needs.list.whole + 2, floor: 0)
    // The details sit beside the list only where the world and the list keep their content whole.
    detailsBeside =
      width >= Self.sideBySideWidth && world.whole + list.whole + Self.detailsBesideMinimum <= width
    if detailsBeside {
      let logHeight = max(6, body.height / 4)
      let parts = body.rows([.fill, .fixed(logHeight)])
      let details = ColumnShare.Claim(whole: Self.detailsBesideMinimum, floor: 0)
      // Spare columns go to the details up to about a third of the screen, then to the world's
      // long words, then to the list's extra facts, and what is left to the details.
      let widths = ColumnShare.split(
        width, [world, list, details],
        growth: [(2, width * 36 / 100), (0, worldRich), (1, needs.list.rich + 2)])
      let columns = parts[0].columns(widths.map { .fixed($0) })
      self.world = columns[0]
      tokens = columns[1]
      self.details = columns[2]
      log = parts[1]
    } else {
      // The panes on top are as high as their rows (up to half the body); the log takes the
      // height that frees, so it grows with the terminal.
      let contentRows = max(needs.worldRows, needs.listRows) + 2
      let topHeight = min((body.height + 1) / 2, max(5, contentRows))
      let parts = body.rows([.fixed(topHeight), .fill])
      let widths = ColumnShare.split(width, [world, list], growth: [(0, worldRich)])
      let columns = parts[0].columns(widths.map { .fixed($0) })
      self.world = columns[0]
      tokens = columns[1]
      let lower = parts[1].rows([.fixed((parts[1].height + 1) / 2), .fill])
      details = lower[0]
      log = lower[1]
    }
  }

  /// Whether the details pane is tall enough for the whole details (as far as they fit, then
  /// "Enter shows everything") rather than the compact summary a short pane shows.
  var detailsShowEverything: Bool { detailsBeside || Self.innerHeight(details) >= 10 }

  /// Rows of list content inside a boxed pane.
  static func innerHeight(_ rect: Rect) -> Int { max(0, rect.height - 2) }
}

extension Rect {
  /// The row without its first column, which list panes keep for the selection pointer.
  var withoutGutter: Rect {
    Rect(x: x + 1, y: y, width: width - 1, height: height)
  }
}
