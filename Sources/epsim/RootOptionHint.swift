import ArgumentParser
import ScenarioLanguage

/// A suggestion for an unknown option given to `epsim` itself (`epsim --verison`, `epsim -v`).
///
/// Without a command the line goes to the default command, the terminal UI, whose parser knows
/// nothing of the root's `--version` and answered with the UI's usage and no hint.
enum RootOptionHint {
  /// The options `epsim` itself takes.
  static let rootOptions = ["--version", "--help"]

  /// "unknown option '--verison'; did you mean '--version'?" when `message` (the parser's) is
  /// about an unknown option close to a root option; nil otherwise, the parser's message then
  /// standing (it has its own suggestions among the UI's options).
  static func message(forParserMessage message: String) -> String? {
    let start = "Error: Unknown option '"
    guard message.hasPrefix(start) else { return nil }
    let option = message.dropFirst(start.count).prefix { $0 != "'" }
    let name = String(option.prefix { $0 != "=" })
    guard let suggestion = suggestion(for: name) else { return nil }
    return "unknown option '\(name)'; did you mean '\(suggestion)'?"
  }

  /// The root option `name` most likely meant: by edit distance, or for a one-letter option such
  /// as `-v`, the one long option starting with that letter.
  static func suggestion(for name: String) -> String? {
    if name.count == 2, name.hasPrefix("-"), let letter = name.last?.lowercased() {
      let matches = rootOptions.filter { $0.dropFirst(2).hasPrefix(letter) }
      return matches.count == 1 ? matches[0] : nil
    }
    return Suggestion.closest(to: name, among: rootOptions)
  }
}
