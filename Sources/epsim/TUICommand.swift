import ArgumentParser
import EpsimTUI
import Foundation
import LifecycleSimulator
import TerminalBackend

/// `epsim tui`: the terminal UI on the built-in demo world. Also what `epsim` alone runs.
struct TUICommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tui",
    abstract: "Open the terminal UI on the built-in demo world.",
    discussion: """
      Three customers and four devices to try every StoreKit external purchase API on, with a \
      virtual clock. Press ? in the UI for the keys; docs/tui.md describes the screen.

      Needs a terminal: without one (standard input or output is not a TTY) it exits with status 2.
      """
  )

  @Option(help: "The rules preset the demo world starts with: sandbox or production.")
  var rules: RulesPreset = .sandbox

  func run() throws {
    guard TerminalSession.isInteractive else {
      FileHandle.standardError.write(
        Data(
          ("epsim: the terminal UI needs a terminal, but standard input or output is not one. "
            + "Run it in a terminal, or see `epsim --help` for commands that work in pipes.\n").utf8))
      throw ExitCode(2)
    }
    let state = TUIState(world: DemoWorld.world(rules: rules.lifecycleRules))
    do {
      try TerminalSession.run(DebugCrashTrigger(EpsimTerminalApp(state: state)))
    } catch {
      FileHandle.standardError.write(Data("epsim: \(error)\n".utf8))
      throw ExitCode(2)
    }
  }
}

/// The environment presets `--rules` accepts.
enum RulesPreset: String, ExpressibleByArgument, CaseIterable {
  case sandbox
  case production

  var lifecycleRules: LifecycleRules { self == .sandbox ? .sandbox : .production }
}
