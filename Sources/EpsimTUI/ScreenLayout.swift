import TextFrame

/// Where each part of the main screen goes for a terminal size. Update and view share it,
/// so scrolling keeps the selection inside exactly the rows the view draws.
public struct ScreenLayout: Hashable, Sendable {
  /// Below this the screen shows a "terminal too small" notice instead of panes.
  public static let minimum = SizeRequirement(width: 60, height: 16)
  /// From this width on, the token details sit beside the token list.
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

  public init(width: Int, height: Int, scenarioLine: Bool = false, footerRows: Int = 1) {
    let screen = Rect(x: 0, y: 0, width: width, height: height)
    var rows = screen.rows([.fixed(1), .fixed(scenarioLine ? 1 : 0), .fill, .fixed(1), .fixed(footerRows)])
    header = rows[0]
    scenario = scenarioLine ? rows[1] : nil
    rows.remove(at: 1)
    status = rows[2]
    footer = rows[3]
    let body = rows[1]
    detailsBeside = width >= Self.sideBySideWidth
    // Beside the details (from 120 columns) the token list still needs room for the
    // distinguishing start of each id, so the world and details panes stay moderate.
    let worldWidth = detailsBeside ? min(48, max(32, width / 5)) : min(40, max(30, width * 45 / 100))
    if detailsBeside {
      let logHeight = max(6, body.height / 4)
      let parts = body.rows([.fill, .fixed(logHeight)])
      let columns = parts[0].columns([.fixed(worldWidth), .fill, .fraction(0.36)])
      world = columns[0]
      tokens = columns[1]
      details = columns[2]
      log = parts[1]
    } else {
      let topHeight = (body.height + 1) / 2
      let parts = body.rows([.fixed(topHeight), .fill])
      let columns = parts[0].columns([.fixed(worldWidth), .fill])
      world = columns[0]
      tokens = columns[1]
      let lower = parts[1].rows([.fixed((parts[1].height + 1) / 2), .fill])
      details = lower[0]
      log = lower[1]
    }
  }

  /// Rows of list content inside a boxed pane.
  static func innerHeight(_ rect: Rect) -> Int { max(0, rect.height - 2) }
}

extension Rect {
  /// The row without its first column, which list panes keep for the selection pointer.
  var withoutGutter: Rect {
    Rect(x: x + 1, y: y, width: width - 1, height: height)
  }
}
