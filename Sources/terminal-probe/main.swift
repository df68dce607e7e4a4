// terminal-probe: a test fixture for epsim's terminal layer, driven by TerminalEndToEndTests
// inside tmux. Not meant for users.
import Foundation
import TerminalBackend

/// Prints `message` to standard error and exits with status 2 (bad usage or no terminal).
func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("terminal-probe: \(message)\n".utf8))
  exit(2)
}

do {
  let options = try ProbeOptions(arguments: Array(CommandLine.arguments.dropFirst()))
  let app = try TerminalSession.run(ProbeApp(options: options))
  print("terminal-probe: quit after \(app.keys.count) keys")
} catch let error as ProbeOptions.UsageError {
  fail("\(error)\n\(ProbeOptions.usage)")
} catch {
  fail("\(error)")
}
