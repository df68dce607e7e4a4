import Testing

@testable import TextFrame

@Suite("Drawing text into a frame")
struct DrawingTests {
  @Test func putWritesCharactersAndStyle() {
    var frame = Frame(width: 6, height: 2)
    let bold = Style(foreground: .red).adding(.bold)
    let end = frame.put("abc", x: 1, y: 1, style: bold)
    #expect(frame.lines == ["", " abc"])
    #expect(frame[2, 1] == Cell("b", style: bold))
    #expect(frame[0, 1] == .blank)
    #expect(end == 4)
  }

  @Test func putClipsToTheFrameAndReturnsTheUnclippedEnd() {
    var frame = Frame(width: 4, height: 1)
    let end = frame.put("abcdef", x: -2, y: 0)
    #expect(frame.lines == ["cdef"])
    #expect(end == 4)
    frame.put("zz", x: 0, y: 5)
    #expect(frame.lines == ["cdef"])
  }

  @Test func putClipsToTheGivenRectangle() {
    var frame = Frame(width: 8, height: 3)
    frame.put("abcdefgh", x: 0, y: 1, clip: Rect(x: 2, y: 1, width: 3, height: 1))
    frame.put("outside", x: 0, y: 2, clip: Rect(x: 2, y: 1, width: 3, height: 1))
    #expect(frame.lines == ["", "  cde", ""])
  }

  @Test func controlCharactersAreShownAsQuestionMarks() {
    var frame = Frame(width: 6, height: 1)
    frame.put("a\tb\nc", x: 0, y: 0)
    #expect(frame.lines == ["a?b?c"])
  }

  @Test func alignmentInARectangle() {
    var frame = Frame(width: 9, height: 3)
    frame.put("ab", in: Rect(x: 0, y: 0, width: 9, height: 1), alignment: .left)
    frame.put("ab", in: Rect(x: 0, y: 1, width: 9, height: 1), alignment: .center)
    frame.put("ab", in: Rect(x: 0, y: 2, width: 9, height: 1), alignment: .right)
    #expect(frame.lines == ["ab", "   ab", "       ab"])
  }

  @Test func textWiderThanItsRectangleKeepsItsStartVisible() {
    var frame = Frame(width: 6, height: 1)
    frame.put("abcdef", in: Rect(x: 1, y: 0, width: 3, height: 1), alignment: .right)
    #expect(frame.lines == [" abc"])
  }

  @Test func fillCoversOnlyTheRectangleInsideTheFrame() {
    var frame = Frame(width: 4, height: 3)
    frame.fill(Rect(x: 2, y: 1, width: 5, height: 5), with: "x", style: Style(background: .blue))
    #expect(frame.lines == ["", "  xx", "  xx"])
    #expect(frame[3, 2].style.background == .blue)
  }

  @Test func restyleKeepsCharacters() {
    var frame = Frame(lines: ["abc"])
    frame.restyle(Rect(x: 1, y: 0, width: 1, height: 1)) { $0.attributes.insert(.reverse) }
    #expect(frame.lines == ["abc"])
    #expect(frame[1, 0].style.attributes == .reverse)
    #expect(frame[0, 0].style == .plain)
  }

  @Test func negativeSizesMakeAnEmptyFrame() {
    let frame = Frame(width: -3, height: 2)
    #expect(frame.width == 0)
    #expect(frame.lines == ["", ""])
  }
}
