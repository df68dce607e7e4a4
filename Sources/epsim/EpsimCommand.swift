import ArgumentParser

/// The `epsim` command line: the root command and its subcommands.
@main
struct EpsimCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "epsim",
    abstract: "Simulate Apple's external purchase tokens: lifecycles, expiries, decoding.",
    subcommands: [TUICommand.self],
    defaultSubcommand: TUICommand.self
  )
}
