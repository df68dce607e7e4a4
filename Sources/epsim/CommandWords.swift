import ArgumentParser
import Foundation
import ScenarioLanguage

/// The command a command line names, found before swift-argument-parser parses it, so that a
/// mistyped command is reported as one instead of being taken as the default `tui` command's FILE.
struct CommandWords {
  /// The names of the command, from `epsim` down: `["epsim", "report", "plan"]`.
  var path: [String]
  /// Why the line names no command, such as "unknown command 'rn'; did you mean 'run'?".
  var problem: String?

  /// How errors of this command begin: `epsim report plan: `.
  var prefix: String { path.joined(separator: " ") + ": " }

  /// Walks `arguments` (without the program name) down the command tree. `help NAME...` is
  /// checked the same way, so `epsim help rn` is an error too.
  init(_ arguments: [String]) {
    var words = arguments[...]
    path = ["epsim"]
    let isHelp = words.first == "help"
    if isHelp {
      path.append("help")
      words = words.dropFirst()
    }
    var command: any ParsableCommand.Type = EpsimCommand.self
    while let word = words.first, !word.hasPrefix("-") {
      let subcommands = command.configuration.subcommands
      guard !subcommands.isEmpty else { break }
      if let match = subcommands.first(where: { $0.configuration.commandName == word }) {
        command = match
        if !isHelp { path.append(word) }
        words = words.dropFirst()
        continue
      }
      // `epsim FILE` opens the default command (the UI) on a scenario, as it always has: an
      // existing file, or anything shaped like a path, whose absence that command reports.
      if !isHelp, command.configuration.defaultSubcommand != nil,
        FileManager.default.fileExists(atPath: word) || word.contains("/") || word.contains(".")
      {
        break
      }
      problem = Self.unknown(word, among: subcommands.compactMap { $0.configuration.commandName })
      return
    }
  }

  private static func unknown(_ word: String, among names: [String]) -> String {
    let message = "unknown command '\(word)'"
    if let suggestion = Suggestion.closest(to: word, among: names) {
      return message + "; did you mean '\(suggestion)'?"
    }
    return message + "; the commands are " + names.joined(separator: ", ") + " (see 'epsim --help')"
  }
}
