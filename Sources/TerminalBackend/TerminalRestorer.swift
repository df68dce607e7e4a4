import Glibc

/// Puts the terminal back the way the shell left it when a signal ends the process while a
/// session runs: Ctrl-C (SIGINT), SIGTERM, SIGHUP, SIGQUIT, and crashes (SIGSEGV, SIGBUS,
/// SIGILL, SIGABRT, SIGFPE, SIGTRAP).
///
/// The handler does only async-signal-safe work: it writes bytes prepared in advance (the
/// terminal's own "leave full-screen mode" sequences) with `write`, puts back the terminal
/// settings saved before curses started with `tcsetattr`, then reinstalls the action that was
/// there before (the default, or the Swift runtime's crash reporter) and raises the signal
/// again, so the process ends with the status the signal implies. It does not call `endwin`,
/// which is not async-signal-safe. See docs/decisions/0065-restoring-the-terminal-from-a-signal-handler.md.
enum TerminalRestorer {
  /// Signals that end a process; one the process was started with ignored stays ignored (nohup).
  static let endingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
  /// Signals a crash raises.
  static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE, SIGTRAP]

  /// Everything the handler reads: plain memory allocated once and never freed, no Swift
  /// objects, so the handler needs no allocation, locks or reference counting.
  private struct Storage {
    static let byteCapacity = 512
    static let signalCapacity = 65

    let savedSettings = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    let hasSavedSettings = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
    let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: byteCapacity)
    let byteCount = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    let previousActions = UnsafeMutablePointer<sigaction>.allocate(capacity: signalCapacity)
    let isInstalled = UnsafeMutablePointer<Bool>.allocate(capacity: signalCapacity)

    init() {
      hasSavedSettings.initialize(to: false)
      byteCount.initialize(to: 0)
      isInstalled.initialize(repeating: false, count: Storage.signalCapacity)
      previousActions.initialize(repeating: sigaction(), count: Storage.signalCapacity)
    }
  }

  // Created on the first `install()`, long before any handler can run.
  nonisolated(unsafe) private static let storage = Storage()

  private static let handler: @convention(c) (Int32) -> Void = { signal in
    TerminalRestorer.restoreAndResend(signal)
  }

  /// Saves the terminal settings and installs the handlers. Call before curses starts, so that
  /// curses sees our handlers and does not install its own for SIGINT and SIGTERM.
  static func install() {
    let storage = storage
    storage.byteCount.pointee = 0
    storage.hasSavedSettings.pointee = tcgetattr(STDOUT_FILENO, storage.savedSettings) == 0
    for signal in endingSignals + crashSignals {
      var current = sigaction()
      sigaction(signal, nil, &current)
      if endingSignals.contains(signal), isIgnored(current) { continue }
      var action = sigaction()
      setHandler(&action)
      sigemptyset(&action.sa_mask)
      // SA_ONSTACK: run on an alternate signal stack where one is set up (stack overflow).
      action.sa_flags = crashSignals.contains(signal) ? Int32(SA_ONSTACK) : 0
      sigaction(signal, &action, storage.previousActions + Int(signal))
      storage.isInstalled[Int(signal)] = true
    }
  }

  /// Sets the bytes the handler writes to leave full-screen mode; call once curses is running.
  static func arm(restoreSequence: [UInt8]) {
    let storage = storage
    let count = min(restoreSequence.count, Storage.byteCapacity)
    storage.byteCount.pointee = 0
    for index in 0..<count { storage.bytes[index] = restoreSequence[index] }
    // Written last, so a signal in between sees either nothing or the whole sequence.
    storage.byteCount.pointee = count
  }

  /// Forgets the saved state and puts back the previous actions; call after `endwin`.
  static func uninstall() {
    let storage = storage
    storage.byteCount.pointee = 0
    storage.hasSavedSettings.pointee = false
    for signal in endingSignals + crashSignals where storage.isInstalled[Int(signal)] {
      sigaction(signal, storage.previousActions + Int(signal), nil)
      storage.isInstalled[Int(signal)] = false
    }
  }

  /// The signal handler's work; see the type's description.
  private static func restoreAndResend(_ signal: Int32) {
    let storage = storage
    let count = storage.byteCount.pointee
    if count > 0 { _ = write(STDOUT_FILENO, storage.bytes, count) }
    if storage.hasSavedSettings.pointee { _ = tcsetattr(STDOUT_FILENO, TCSANOW, storage.savedSettings) }
    let index = Int(signal)
    if index < Storage.signalCapacity, storage.isInstalled[index] {
      sigaction(signal, storage.previousActions + index, nil)
    }
    // Blocked until this handler returns, then delivered to the previous action.
    raise(signal)
  }

  private static func isIgnored(_ action: sigaction) -> Bool {
    unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
  }

  private static func setHandler(_ action: inout sigaction) {
    action.__sigaction_handler.sa_handler = handler
  }
}
