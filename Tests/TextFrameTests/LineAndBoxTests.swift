import FrameSnapshotTesting
import Testing

@testable import TextFrame

@Suite("Lines, boxes and bars")
struct LineAndBoxTests {
  @Test func unicodeBoxWithTitle() {
    var frame = Frame(width: 20, height: 4)
    frame.box(frame.bounds, title: "Tokens", lineStyle: .unicode)
    #expect(
      frame.lines == [
        "┌─ Tokens ─────────┐",
        "│                  │",
        "│                  │",
        "└──────────────────┘",
      ])
  }

  @Test func asciiBoxWithTitle() {
    var frame = Frame(width: 12, height: 3)
    frame.box(frame.bounds, title: "Log", lineStyle: .ascii)
    #expect(frame.lines == ["+- Log ----+", "|          |", "+----------+"])
  }

  @Test func longTitlesAreCutShort() {
    var frame = Frame(width: 10, height: 2)
    frame.box(frame.bounds, title: "A very long title", lineStyle: .unicode)
    #expect(frame.lines == ["┌─ A ve…─┐", "└────────┘"])
  }

  @Test func boxesTooSmallAreNotDrawn() {
    var frame = Frame(width: 3, height: 3)
    frame.box(Rect(x: 0, y: 0, width: 1, height: 3), lineStyle: .ascii)
    #expect(frame.text == "\n\n\n")
  }

  @Test func linesAreClippedToTheFrame() {
    var frame = Frame(width: 4, height: 3)
    frame.horizontalLine(x: 2, y: 0, length: 10, lineStyle: .unicode)
    frame.verticalLine(x: 0, y: 1, length: 10, lineStyle: .ascii)
    #expect(frame.lines == ["  ──", "|", "|"])
  }

  @Test(arguments: [
    (0.0, "░░░░░░░░░░"), (0.5, "█████░░░░░"), (0.99, "█████████░"), (1.0, "██████████"),
    (-1.0, "░░░░░░░░░░"), (7.0, "██████████"), (Double.nan, "░░░░░░░░░░"),
  ])
  func unicodeBar(fraction: Double, expected: String) {
    #expect(LineStyle.unicode.bar(fraction: fraction, width: 10) == expected)
  }

  @Test func asciiBarInAFrame() {
    var frame = Frame(width: 8, height: 1)
    frame.bar(fraction: 0.25, x: 2, y: 0, width: 4, lineStyle: .ascii)
    #expect(frame.lines == ["  #---"])
    #expect(LineStyle.ascii.bar(fraction: 0.5, width: 0) == "")
  }

  /// A small dashboard using every drawing call, in both line styles.
  @Test(arguments: [LineStyle.unicode, .ascii])
  func dashboardSnapshot(lineStyle: LineStyle) {
    var frame = Frame(width: 40, height: 10)
    let parts = frame.bounds.rows([.fixed(1), .fill, .fixed(1)])
    frame.put("epsim", in: parts[0], alignment: .center, style: Style().adding(.bold))
    let panes = parts[1].columns([.fraction(0.5), .fill])
    frame.box(panes[0], title: "Tokens", lineStyle: lineStyle)
    frame.box(panes[1], title: "Clock", lineStyle: lineStyle)
    let inside = panes[1].inset(horizontal: 1, vertical: 1)
    frame.put("day 3 of 365", x: inside.x, y: inside.y, clip: inside)
    frame.bar(
      fraction: 3.0 / 365.0 * 10, x: inside.x, y: inside.y + 1, width: inside.width, lineStyle: lineStyle)
    frame.put("q quit  ? help", in: parts[2], alignment: .left)
    expectSnapshot(frame, named: "dashboard-\(lineStyle)")
  }
}
