import Testing

@testable import TextFrame

@Suite("Frame differences")
struct DiffTests {
  @Test func withoutAPreviousFrameEveryRowChanges() {
    let frame = Frame(lines: ["ab", "cd"])
    let changes = frame.diff(from: nil)
    #expect(changes.map(\.y) == [0, 1])
    #expect(changes.allSatisfy { $0.x == 0 && $0.cells.count == 2 })
    #expect(frame.diff(from: Frame(width: 3, height: 2)).count == 2)
  }

  @Test func equalFramesHaveNoChanges() {
    let frame = Frame(lines: ["same", "text"])
    #expect(frame.diff(from: frame).isEmpty)
  }

  @Test func changedCellsFormRunsPerRow() {
    let old = Frame(lines: ["abcdef", "ghijkl"])
    let new = Frame(lines: ["aXYdeZ", "ghijkl"])
    let changes = new.diff(from: old)
    #expect(
      changes == [
        FrameChange(x: 1, y: 0, cells: [Cell("X"), Cell("Y")]),
        FrameChange(x: 5, y: 0, cells: [Cell("Z")]),
      ])
  }

  @Test func styleChangesCount() {
    let old = Frame(lines: ["abc"])
    var new = old
    new.restyle(Rect(x: 2, y: 0, width: 1, height: 1)) { $0.foreground = .green }
    #expect(
      new.diff(from: old) == [FrameChange(x: 2, y: 0, cells: [Cell("c", style: Style(foreground: .green))])])
  }

  @Test func runsStartOnWholeWideCharacters() {
    let old = Frame(lines: ["a日b"])
    var new = old
    new.put("日", x: 1, y: 0, style: Style(foreground: .red))
    let changes = new.diff(from: old)
    #expect(changes.count == 1)
    #expect(changes[0].x == 1)
    #expect(changes[0].cells.count == 2)
    #expect(changes[0].cells[1].isContinuation)
  }

  @Test func applyingTheChangesToTheOldFrameGivesTheNewOne() {
    let old = Frame(lines: ["hello world", "second line", "日本語 text"])
    var new = old
    new.put("HELLO", x: 0, y: 0)
    new.put("x日", x: 4, y: 2)
    new.fill(Rect(x: 8, y: 1, width: 3, height: 1), with: "=")
    var replayed = old
    for change in new.diff(from: old) {
      for (offset, cell) in change.cells.enumerated() {
        replayed.place(cell, x: change.x + offset, y: change.y)
      }
    }
    #expect(replayed == new)
  }
}
