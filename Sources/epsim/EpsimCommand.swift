import ArgumentParser
import Foundation

/// The `epsim` command line: the root command and its subcommands.
@main
struct EpsimCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "epsim",
    abstract: "Simulate Apple's external purchase tokens and App Store purchases on a virtual clock.",
    discussion: """
      Step through token lifecycles, expiries and refreshes, and the in-app purchases, renewals \
      and refunds beside them, in a terminal UI (tui, the default) or in .epsim scenarios (run); \
      decode, generate, craft and check tokens, reports and Info.plist files; and serve a local \
      mock of Apple's External Purchase Server API, App Store Server API and notifications to a \
      backend under test (serve). README.md and docs/ describe each command.
      """,
    version: EpsimVersion.current,
    subcommands: [
      TUICommand.self, RunCommand.self, DecodeCommand.self, GenerateCommand.self, SamplesCommand.self,
      CraftCommand.self, LintCommand.self, ReportCommand.self, ServeCommand.self, CertCommand.self,
      StoreKitCommand.self,
    ],
    defaultSubcommand: TUICommand.self
  )

  /// Runs the command line with epsim's exit codes: 0 ok, 1 a check failed, 2 bad input or usage.
  /// swift-argument-parser would exit 64 for usage errors; epsim promises 2.
  static func main() async {
    let words = CommandWords(Array(CommandLine.arguments.dropFirst()))
    if let problem = words.problem {
      StandardError.write(words.prefix + problem)
      Foundation.exit(ExitCode.usage.rawValue)
    }
    do {
      var command = try parseAsRoot()
      if var asynchronous = command as? AsyncParsableCommand {
        try await asynchronous.run()
      } else {
        try command.run()
      }
    } catch {
      let code = exitCode(for: error)
      guard code == .validationFailure else { exit(withError: error) }
      let message = fullMessage(for: error)
      if words.path == ["epsim"], let hint = RootOptionHint.message(forParserMessage: message) {
        StandardError.write(words.prefix + hint)
        Foundation.exit(ExitCode.usage.rawValue)
      }
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
