import TextFrame

extension TUIState {
  /// The help text, straight from the key table: the focused pane's keys first, then every
  /// context's bindings grouped by section. With a `query`, only the bindings whose key, label
  /// or help contains it (ignoring case), under their headings.
  func helpLines(query: String = "") -> [StyledLine] {
    let textWidth = overlayWidth(preferred: 100) - 2
    let keyWidth = KeyTable.all.map { DisplayWidth.of($0.keyText(for: lineStyle)) }.max() ?? 0
    let indent = String(repeating: " ", count: keyWidth + 5)
    let bindingLines = { (binding: KeyBinding) -> [StyledLine] in
      let help = TextWrap.lines(binding.help, width: max(10, textWidth - indent.count))
      return [
        StyledLine(pieces: [
          ("   " + binding.keyText(for: lineStyle).padding(keyWidth) + "  ", Theme.bold),
          (help[0], Theme.plain),
        ])
      ] + help.dropFirst().map { StyledLine(indent + $0) }
    }
    let needle = query.lowercased()
    let matches = { (binding: KeyBinding) in
      needle.isEmpty
        || [binding.keyText(for: lineStyle), binding.label, binding.help].contains {
          $0.lowercased().contains(needle)
        }
    }
    var lines: [StyledLine] = []
    if needle.isEmpty {
      let sections = helpSectionsFirst
      lines.append(StyledLine(sections.title, Theme.heading))
      for binding in KeyTable.bindings(in: .main) where sections.names.contains(binding.section) {
        lines += bindingLines(binding)
      }
    }
    for context in KeyContext.allCases {
      let bindings = KeyTable.bindings(in: context).filter(matches)
      guard !bindings.isEmpty else { continue }
      if !lines.isEmpty { lines.append(StyledLine("")) }
      lines.append(StyledLine(context.title, Theme.heading))
      var section = ""
      for binding in bindings {
        if binding.section != section {
          section = binding.section
          lines.append(StyledLine(" " + section, Theme.bold))
        }
        lines += bindingLines(binding)
      }
      if needle.isEmpty, [.dialog, .search, .helpSearch].contains(context) {
        lines.append(StyledLine("   Other keys type into the field.", Theme.dim))
      }
    }
    if lines.isEmpty {
      lines.append(
        StyledLine("No key's key, label or help contains '\(query)'. Esc lists every key.", Theme.dim))
    }
    return lines
  }

  /// The main screen's sections that act on the focused pane, listed first in the help.
  private var helpSectionsFirst: (title: String, names: Set<String>) {
    switch focus {
    case .world: return ("Keys for the World pane", ["Selected device", "World"])
    case .tokens:
      return showsPurchases
        ? ("Keys for the Purchases pane", ["App Store"])
        : ("Keys for the Tokens pane", ["Selected device", "Output"])
    case .log: return ("Keys for the Event log", ["History", "Output"])
    }
  }

  /// The key list, with where the view is in it: the title counts the lines shown, and a last
  /// row says there is more below, so a long list never looks complete when it is not.
  func drawHelp(into frame: inout Frame, scroll: Int, query: String = "", typing: TextInput? = nil) {
    let lines = helpLines(query: query)
    let rows = max(0, height - 4)
    let last = min(lines.count, scroll + rows)
    let searched = query.isEmpty ? "" : " matching '\(query)'"
    let title = "Keys\(searched) (Esc closes, / searches) · lines \(scroll + 1)-\(last) of \(lines.count)"
    var inside = chrome.overlayBox(
      title, into: &frame, width: overlayWidth(preferred: 100), height: height - 2)
    if let typing, inside.height > 0 {
      // The prompt on the box's last row, the matches above it.
      let y = inside.maxY - 1
      let x = frame.put("/", x: inside.x, y: y, style: Theme.bold, clip: inside)
      frame.put(typing.string, x: x, y: y, clip: inside)
      let cursorX = x + DisplayWidth.of(String(typing.text.prefix(typing.cursor)))
      frame.restyle(Rect(x: cursorX, y: y, width: 1, height: 1)) { $0.attributes.insert(.reverse) }
      inside.height -= 1
    }
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
