import Glibc
import TerminalBackend
import TextFrame

/// A test fixture, not a user tool: a screen that shows what the terminal layer reports
/// (size, keys, ticks, line style, colour) so end-to-end tests can read it back from tmux.
struct ProbeApp: TerminalApp {
  let options: ProbeOptions
  var width = 0
  var height = 0
  var keys: [Key] = []
  var ticks = 0
  var tickInterval: Int? { options.tickInterval }

  /// The text `c` puts on the clipboard.
  static let clipboardText = "terminal-probe clipboard"
  static let minimumSize = SizeRequirement(width: 40, height: 10)

  init(options: ProbeOptions) {
    self.options = options
  }

  mutating func handle(_ event: TerminalEvent) -> TerminalAppCommand {
    switch event {
    case .resize(let width, let height):
      self.width = width
      self.height = height
    case .tick:
      ticks += 1
    case .key(let key):
      if options.crashOnKey { fatalError("terminal-probe: crashing on purpose (--crash)") }
      keys.append(key)
      if key == .character("q") { return .quit }
      if key == .character("c") { return .copyToClipboard(Self.clipboardText) }
    case .mouse:
      break  // the probe never asks for the mouse
    }
    return .keepRunning
  }

  func render(into frame: inout Frame, capabilities: TerminalCapabilities) {
    guard Self.minimumSize.isMet(by: frame) else {
      Self.minimumSize.drawNotice(into: &frame)
      return
    }
    let lineStyle = capabilities.lineStyle
    let accent = Style(foreground: .cyan).adding(.bold)
    frame.box(frame.bounds, title: "terminal-probe (test fixture)", lineStyle: lineStyle, titleStyle: accent)
    let inside = frame.bounds.inset(horizontal: 2, vertical: 1)
    let rows = inside.rows(Array(repeating: .fixed(1), count: 7) + [.fill, .fixed(1)])
    let barRow = rows[6]
    let recent = keys.suffix(10).map { $0.label(for: lineStyle) }.joined(separator: " ")
    let lines = [
      "size: \(width)x\(height) (frame \(frame.width)x\(frame.height))",
      "pid: \(getpid())",
      "lines: \(lineStyle == .unicode ? "unicode" : "ascii"), colour: \(capabilities.hasColor ? "on" : "off")",
      "keys pressed: \(keys.count)",
      "last keys: \(recent)",
      "ticks: \(ticks)",
    ]
    for (row, line) in zip(rows, lines) {
      frame.put(line, in: row)
    }
    let fraction = Double(min(keys.count, 10)) / 10
    let bar = frame.put("keys/10 ", x: barRow.x, y: barRow.y)
    frame.bar(
      fraction: fraction, x: bar, y: barRow.y, width: 20, lineStyle: lineStyle,
      style: Style(foreground: .green))
    let help = options.crashOnKey ? "any key crashes (--crash)" : "q quits, c copies to the clipboard"
    frame.put(help, in: rows[8], style: Style().adding(.dim))
  }
}
