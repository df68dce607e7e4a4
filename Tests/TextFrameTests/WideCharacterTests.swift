import Testing

@testable import TextFrame

@Suite("Wide characters")
struct WideCharacterTests {
  @Test func widths() {
    #expect(DisplayWidth.of(Character("a")) == 1)
    #expect(DisplayWidth.of(Character("─")) == 1)
    #expect(DisplayWidth.of(Character("日")) == 2)
    #expect(DisplayWidth.of(Character("🚀")) == 2)
    #expect(DisplayWidth.of(Character("é")) == 1)
    #expect(DisplayWidth.of("日本 ok") == 7)
  }

  @Test func aWideCharacterTakesTwoCells() {
    var frame = Frame(width: 5, height: 1)
    let end = frame.put("a日b", x: 0, y: 0)
    #expect(end == 4)
    #expect(frame[1, 0].character == "日")
    #expect(frame[2, 0].isContinuation)
    #expect(frame[3, 0].character == "b")
    #expect(frame.lines == ["a日b"])
  }

  @Test func aHalfVisibleWideCharacterBecomesASpace() {
    var frame = Frame(width: 3, height: 1)
    frame.put("ab日", x: 0, y: 0)
    #expect(frame.lines == ["ab"])
    #expect(frame.cells.allSatisfy { !$0.isContinuation })
  }

  @Test func overwritingHalfOfAWideCharacterBlanksTheOtherHalf() {
    var frame = Frame(width: 4, height: 2)
    frame.put("日本", x: 0, y: 0)
    frame.put("x", x: 1, y: 0)
    #expect(frame.lines[0] == " x本")
    frame.put("日", x: 0, y: 1)
    frame.put("y", x: 0, y: 1)
    #expect(frame.lines[1] == "y")
    #expect(!frame[1, 1].isContinuation)
  }

  @Test func truncationRespectsWidth() {
    #expect(DisplayWidth.truncated("abcdef", toWidth: 4, ellipsis: "…") == "abc…")
    #expect(DisplayWidth.truncated("abc", toWidth: 4, ellipsis: "…") == "abc")
    #expect(DisplayWidth.truncated("日本語", toWidth: 4, ellipsis: "~") == "日~")
    #expect(DisplayWidth.truncated("abcdef", toWidth: 2, ellipsis: "...") == "..")
  }
}
