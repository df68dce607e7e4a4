import ArgumentParser
import Foundation

/// The `epsim` command line: the root command and its subcommands.
@main
struct EpsimCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "epsim",
    abstract: "Simulate Apple's external purchase tokens: lifecycles, expiries, decoding.",
    version: EpsimVersion.current,
    subcommands: [
      TUICommand.self, RunCommand.self, DecodeCommand.self, GenerateCommand.self, SamplesCommand.self,
      CraftCommand.self, LintCommand.self, ReportCommand.self, ServeCommand.self,
    ],
    defaultSubcommand: TUICommand.self
  )

  /// Runs the command line with epsim's exit codes: 0 ok, 1 a check failed, 2 bad input or usage.
  /// swift-argument-parser would exit 64 for usage errors; epsim promises 2.
  static func main() {
    let words = CommandWords(Array(CommandLine.arguments.dropFirst()))
    if let problem = words.problem {
      StandardError.write(words.prefix + problem)
      Foundation.exit(ExitCode.usage.rawValue)
    }
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch {
      let code = exitCode(for: error)
      guard code == .validationFailure else { exit(withError: error) }
      let message = fullMessage(for: error)
      // One prefix for every error epsim prints: `epsim run: ...`, not the parser's `Error: ...`.
      let errorPrefix = "Error: "
      if message.hasPrefix(errorPrefix) {
        StandardError.write(words.prefix + message.dropFirst(errorPrefix.count))
      } else if !message.isEmpty {
        StandardError.write(message)
      }
      Foundation.exit(ExitCode.usage.rawValue)
    }
  }
}

extension ExitCode {
  /// A check failed (an expectation, a lint error).
  static let checkFailed = ExitCode(1)
  /// Bad input or usage.
  static let usage = ExitCode(2)
}
