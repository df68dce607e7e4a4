import TextFrame

extension Dialog {
  /// The form in an overlay box `boxWidth` columns wide: note, one row per field (label, value,
  /// hint), and the validation message.
  func draw(into frame: inout Frame, width boxWidth: Int, chrome: PaneChrome) {
    let lineStyle = chrome.lineStyle
    let labelWidth = min(24, (form.fields.map { DisplayWidth.of($0.label) }.max() ?? 0) + 1)
    let noteLines = form.note.isEmpty ? [] : TextWrap.lines(form.note, width: boxWidth - 4)
    let errorLines = form.error.map { TextWrap.lines($0, width: boxWidth - 4) } ?? []
    let wanted =
      noteLines.count + (noteLines.isEmpty ? 0 : 1) + form.fields.count + 1 + max(1, errorLines.count) + 2
    let inside = chrome.overlayBox(
      form.title, into: &frame, width: boxWidth, height: min(frame.height - 2, wanted))
    let content = inside.inset(horizontal: 1, vertical: 0)
    var y = content.y
    for line in noteLines where y < content.maxY {
      frame.put(line, x: content.x, y: y, style: Theme.dim, clip: content)
      y += 1
    }
    if !noteLines.isEmpty { y += 1 }
    // Rows left for fields once the message row is kept: scroll so the focused field shows.
    let fieldRows = max(1, content.maxY - y - 1 - max(1, errorLines.count))
    let first = ListPosition.scroll(0, keeping: form.focus, visible: fieldRows, count: form.fields.count)
    for (index, field) in form.fields.enumerated().dropFirst(first).prefix(fieldRows) {
      Self.drawField(
        field, focused: index == form.focus, labelWidth: labelWidth, lineStyle: lineStyle, into: &frame,
        row: Rect(x: content.x, y: y, width: content.width, height: 1))
      y += 1
    }
    y += 1
    for line in errorLines where y < content.maxY {
      frame.put(line, x: content.x, y: y, style: Theme.error, clip: content)
      y += 1
    }
  }

  private static func drawField(
    _ field: FormField, focused: Bool, labelWidth: Int, lineStyle: LineStyle, into frame: inout Frame,
    row: Rect
  ) {
    let label = DisplayWidth.truncated(field.label, toWidth: labelWidth - 1, ellipsis: lineStyle.ellipsis)
    if focused {
      // In the margin left of the labels: the focus shows without colour or attributes too.
      frame.put(lineStyle == .unicode ? "▸" : ">", x: row.x - 1, y: row.y, style: Theme.bold)
    }
    var x = frame.put(
      label.padding(labelWidth), x: row.x, y: row.y, style: focused ? Theme.bold : Theme.plain, clip: row)
    switch field.value {
    case .text(let input):
      let valueWidth = max(8, min(30, row.maxX - x - 1))
      let start = max(0, input.cursor - valueWidth + 1)
      let visible = String(input.text.dropFirst(start).prefix(valueWidth))
      let area = Rect(x: x, y: row.y, width: valueWidth, height: 1)
      frame.fill(area, with: "_", style: Theme.dim)
      frame.put(visible, x: x, y: row.y, style: focused ? Theme.bold : Theme.plain, clip: area)
      if focused {
        let cursorX = x + DisplayWidth.of(String(input.text[start..<input.cursor]))
        frame.restyle(Rect(x: cursorX, y: row.y, width: 1, height: 1)) { $0.attributes.insert(.reverse) }
      }
      x += valueWidth + 1
    case .choice(let options, let selected):
      let left = lineStyle == .unicode ? "◂ " : "< "
      let right = lineStyle == .unicode ? " ▸" : " >"
      // A long option (a 30-character customer name) is shortened, never its closing mark.
      let room = row.maxX - x - DisplayWidth.of(left + right)
      let option = DisplayWidth.truncated(
        options.isEmpty ? "" : options[selected], toWidth: max(1, room), ellipsis: lineStyle.ellipsis)
      x = frame.put(
        left + option + right, x: x, y: row.y, style: focused ? Theme.selected : Theme.plain, clip: row)
      x += 1
    }
    if !field.hint.isEmpty {
      frame.put(field.hint, x: x, y: row.y, style: Theme.dim, clip: row)
    }
  }
}
