import Testing

@testable import TextFrame

@Suite("Rectangles and layout")
struct LayoutTests {
  let area = Rect(x: 2, y: 1, width: 10, height: 7)

  @Test func rowsWithFixedAndFill() {
    let rows = area.rows([.fixed(1), .fill, .fixed(2)])
    #expect(
      rows == [
        Rect(x: 2, y: 1, width: 10, height: 1),
        Rect(x: 2, y: 2, width: 10, height: 4),
        Rect(x: 2, y: 6, width: 10, height: 2),
      ])
  }

  @Test func columnsWithFractions() {
    let columns = area.columns([.fraction(0.3), .fraction(0.5)])
    #expect(columns.map(\.x) == [2, 5])
    #expect(columns.map(\.width) == [3, 5])
  }

  @Test func fillsShareTheRestWithEarlierOnesGettingTheRemainder() {
    let columns = area.columns([.fixed(3), .fill, .fill])
    #expect(columns.map(\.width) == [3, 4, 3])
    #expect(columns.map(\.x) == [2, 5, 9])
  }

  @Test func partsNeverExceedTheRoomLeft() {
    let rows = area.rows([.fixed(5), .fixed(5), .fraction(2), .fill])
    #expect(rows.map(\.height) == [5, 2, 0, 0])
    #expect(area.rows([.fixed(-4), .fraction(.nan)]).map(\.height) == [0, 0])
  }

  @Test func insetCentreAndIntersection() {
    #expect(area.inset(horizontal: 1, vertical: 1) == Rect(x: 3, y: 2, width: 8, height: 5))
    #expect(area.inset(horizontal: 6, vertical: 0).isEmpty)
    #expect(area.centered(width: 4, height: 3) == Rect(x: 5, y: 3, width: 4, height: 3))
    #expect(area.centered(width: 40, height: 1) == Rect(x: 2, y: 4, width: 10, height: 1))
    #expect(
      area.intersection(Rect(x: 10, y: 0, width: 5, height: 3)) == Rect(x: 10, y: 1, width: 2, height: 2))
    #expect(area.intersection(Rect(x: 50, y: 50, width: 1, height: 1)).isEmpty)
    #expect(area.contains(x: 2, y: 1))
    #expect(!area.contains(x: 12, y: 1))
  }

  @Test func sizeRequirementNotice() {
    let requirement = SizeRequirement(width: 80, height: 24)
    var frame = Frame(width: 30, height: 5)
    frame.put("stale", x: 0, y: 0)
    #expect(!requirement.isMet(by: frame))
    requirement.drawNotice(into: &frame)
    #expect(frame.lines == ["", "      Terminal too small", "    need 80x24, have 30x5", "", ""])
    #expect(requirement.isMet(by: Frame(width: 80, height: 24)))
  }
}
