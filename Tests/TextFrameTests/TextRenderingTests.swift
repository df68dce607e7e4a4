import Testing
import TextFrame

@Suite("Frame text")
struct TextRenderingTests {
  @Test func linesTrimTrailingSpacesButKeepEveryRow() {
    var frame = Frame(width: 5, height: 3)
    frame.put("a b", x: 1, y: 1)
    #expect(frame.lines == ["", " a b", ""])
    #expect(frame.text == "\n a b\n\n")
  }

  @Test func framesFromLinesTakeTheWidestLine() {
    let frame = Frame(lines: ["ab", "日本語"])
    #expect(frame.width == 6)
    #expect(frame.height == 2)
    #expect(Frame(lines: ["ab"], width: 10).width == 10)
    #expect(Frame(lines: []).text == "")
  }
}
