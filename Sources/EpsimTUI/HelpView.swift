import TextFrame

extension TUIState {
  /// The help text: every context's bindings, grouped by section, straight from the key table.
  func helpLines() -> [StyledLine] {
    let textWidth = overlayWidth(preferred: 100) - 2
    let keyWidth = KeyTable.all.map { DisplayWidth.of($0.keyText(for: lineStyle)) }.max() ?? 0
    let indent = String(repeating: " ", count: keyWidth + 5)
    var lines: [StyledLine] = []
    for context in KeyContext.allCases {
      if !lines.isEmpty { lines.append(StyledLine("")) }
      lines.append(StyledLine(context.title, Theme.heading))
      var section = ""
      for binding in KeyTable.bindings(in: context) {
        if binding.section != section {
          section = binding.section
          lines.append(StyledLine(" " + section, Theme.bold))
        }
        let help = TextWrap.lines(binding.help, width: max(10, textWidth - indent.count))
        lines.append(
          StyledLine(pieces: [
            ("   " + binding.keyText(for: lineStyle).padding(keyWidth) + "  ", Theme.bold),
            (help[0], Theme.plain),
          ]))
        lines += help.dropFirst().map { StyledLine(indent + $0) }
      }
      if context == .dialog || context == .search {
        lines.append(StyledLine("   Other keys type into the field.", Theme.dim))
      }
    }
    return lines
  }

  /// The key list, with where the view is in it: the title counts the lines shown, and a last
  /// row says there is more below, so a long list never looks complete when it is not.
  func drawHelp(into frame: inout Frame, scroll: Int) {
    let lines = helpLines()
    let rows = max(0, height - 4)
    let last = min(lines.count, scroll + rows)
    let title = "Keys (Esc closes) · lines \(scroll + 1)-\(last) of \(lines.count)"
    let inside = chrome.overlayBox(
      title, into: &frame, width: overlayWidth(preferred: 100), height: height - 2)
    let more = last < lines.count
    for row in 0..<inside.height {
      let index = scroll + row
      if more, row == inside.height - 1 {
        let arrow = lineStyle == .unicode ? "↓" : "v"
        frame.put(
          "\(arrow) \(lines.count - index) more lines: j, Space or PgDn scroll", x: inside.x,
          y: inside.y + row,
          style: Theme.heading, clip: inside)
        break
      }
      guard lines.indices.contains(index) else { break }
      lines[index].draw(
        into: &frame, x: inside.x, y: inside.y + row, clip: inside, ellipsis: lineStyle.ellipsis)
    }
  }
}
