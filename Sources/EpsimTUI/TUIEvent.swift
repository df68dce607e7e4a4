import TextFrame

/// Everything that reaches the UI from outside: keys, terminal size, time passing, and the
/// results of effects it asked for.
public enum TUIEvent: Hashable, Sendable {
  case key(Key)
  /// A click or a wheel turn on a cell (`epsim tui` without `--no-mouse`).
  case mouse(MouseEvent)
  case resize(width: Int, height: Int)
  /// Real time passed since the previous tick, in milliseconds; the clock advances by it
  /// times the play rate while playing. Tests pass explicit values, never real time.
  case tick(elapsedMilliseconds: Int64)
  /// The outcome of an `Effect.writeFile`: nil error means the file is in place.
  case fileWritten(path: String, error: String?)
  /// The outcome of an `Effect.writeFile` whose path names a folder: nothing was written, and
  /// the form that asked for the file opens again to be given a file name.
  case pathIsFolder(path: String)
  /// The outcome of an `Effect.copyToClipboard`: nil error means the terminal was asked to copy.
  case clipboardCopied(error: String?)
  /// A fresh view of the mock server beside the UI (`epsim tui --serve`).
  case serverActivity(ServerActivity)
  /// The owner's answer to the change the UI sent it (`SimulationOwner`).
  case changeAnswered(ChangeAnswer)

  /// Whether the event waits behind a change the owner has not answered: what the user does
  /// (and what their files and clipboard did) must meet the simulation as that change left it;
  /// a new size, what the server saw and the answer itself cannot wait.
  var waitsBehindChanges: Bool {
    switch self {
    case .key, .mouse, .tick, .fileWritten, .pathIsFolder, .clipboardCopied: true
    case .resize, .serverActivity, .changeAnswered: false
    }
  }
}
