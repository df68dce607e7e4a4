import LifecycleSimulator
import TextFrame

/// One row of the event log pane: an engine log entry, or a note about a stepped scenario line.
struct LogLine: Hashable, Sendable {
  var time: VirtualTime
  /// The short word in the second column: "event", "token", "pass", "FAIL".
  var label: String
  var labelStyle: Style
  var message: String

  init(time: VirtualTime, label: String, labelStyle: Style, message: String) {
    self.time = time
    self.label = label
    self.labelStyle = labelStyle
    self.message = message
  }

  init(_ entry: LogEntry) {
    self.init(
      time: entry.time, label: entry.kind.rawValue, labelStyle: TUIState.style(of: entry.kind),
      message: entry.message)
  }
}
