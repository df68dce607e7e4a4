import EpsimTUI
import FileOutput

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Performs the effects that need no terminal (file writes) and returns the events to feed
/// back; a terminal host handles `.copyToClipboard` itself (TerminalBackend writes OSC 52). It
/// lives beside the UI, not in it, so the UI module stays pure: it asks for a write and is told
/// how it went, and only the host (`epsim tui`, or a test standing in for it) touches the disk.
public enum EffectRunner {
  /// The event reporting how `effect` went, or nil when this runner does not handle it.
  public static func perform(_ effect: Effect) -> TUIEvent? {
    switch effect {
    case .writeFile(let path, let contents):
      // A folder is refused before anything is written: the temporary file would be written
      // beside it and then fail to replace it ("Device or resource busy" for `.`).
      if isFolder(path) { return .pathIsFolder(path: path) }
      do throws(FileOutputError) {
        try AtomicFile.write(Array(contents.utf8), to: path)
        return .fileWritten(path: path, error: nil)
      } catch {
        return .fileWritten(path: path, error: error.message)
      }
    case .copyToClipboard:
      return nil
    }
  }

  /// Whether `path` is a folder (or a link to one).
  static func isFolder(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
  }
}
