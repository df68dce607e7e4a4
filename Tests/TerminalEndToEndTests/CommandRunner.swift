import Foundation
import SharedTestSupport

/// Runs a program to completion and collects what it printed.
///
/// Built on `posix_spawn` and `waitpid` rather than Foundation's `Process`: `Process` learns
/// that a child ended through a socket the child inherits, and the tmux server a
/// `tmux new-session` forks keeps that socket open for its whole life, so `Process` would wait
/// for ever. Here the child gets only standard input (/dev/null) and two output files, an
/// empty signal mask and default signal actions.
enum CommandRunner {
  /// A program could not be started.
  struct LaunchError: Error, CustomStringConvertible {
    var description: String
  }

  /// Runs `executable` with `arguments` and `environment` (this process's when nil).
  static func run(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil) throws
    -> ProcessOutcome
  {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "epsim-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let outputPath = folder.appendingPathComponent("out").path
    let errorPath = folder.appendingPathComponent("err").path

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    // Nothing else of ours leaks into the child (or a server it forks).
    _ = closeFrom?(&actions, 3)

    // Test threads block most signals, and a child inherits that mask: a tmux server started
    // with SIGCHLD and SIGTERM blocked never finishes kill-server. Start from a clean slate.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let argv = [executable.path] + arguments
    let environment = environment ?? ProcessInfo.processInfo.environment
    let envp = environment.map { "\($0.key)=\($0.value)" }
    var pid = pid_t()
    let spawned = withCStrings(argv) { argv in
      withCStrings(envp) { envp in posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp) }
    }
    guard spawned == 0 else {
      throw LaunchError(
        description: "could not start \(executable.path): \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1, errno == EINTR {}
    return ProcessOutcome(
      status: exitStatus(status), output: (try? Data(contentsOf: URL(fileURLWithPath: outputPath))) ?? Data(),
      errors: (try? Data(contentsOf: URL(fileURLWithPath: errorPath))) ?? Data())
  }

  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), which Swift's Glibc module
  /// does not show; looked up at run time, nil where the C library lacks it.
  private static let closeFrom:
    (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
      guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
      return unsafeBitCast(
        symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()

  /// The first executable called `name` on the PATH, if any.
  static func findOnPath(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    return path.split(separator: ":")
      .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  /// The exit status as a shell reports it: the program's own, or 128 + the signal that ended it.
  private static func exitStatus(_ status: Int32) -> Int32 {
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
  }

  /// Calls `body` with a NULL-terminated C array of `strings`, valid during the call only.
  private static func withCStrings<Result>(
    _ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result
  ) -> Result {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return body(pointers)
  }
}
