import Foundation

/// The OSC 52 control sequence that asks a terminal to put text on the system clipboard.
///
/// Terminals that do not know it ignore it; tmux stores the text as a paste buffer when its
/// `set-clipboard` option is on and passes it on to the outer terminal.
enum ClipboardSequence {
  static func osc52(_ text: String) -> String {
    "\u{1B}]52;c;\(Data(text.utf8).base64EncodedString())\u{07}"
  }
}
