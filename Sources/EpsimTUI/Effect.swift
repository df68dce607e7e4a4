/// Work the UI asks its host to do outside the pure update: the host performs it and, where
/// a result matters, feeds it back as a `TUIEvent`.
public enum Effect: Hashable, Sendable {
  /// Put `text` on the system clipboard (terminals do it with OSC 52).
  case copyToClipboard(String)
  /// Write `contents` to `path` atomically, then send back `.fileWritten`; a path that names a
  /// folder is not written at all, and `.pathIsFolder` comes back.
  case writeFile(path: String, contents: String)
}
