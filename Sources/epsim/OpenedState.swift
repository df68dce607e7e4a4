import AppleSigning
import DurableJournal
import Foundation
import MockAppleCore

#if canImport(Glibc)
  import Glibc
#endif

/// `--state DIR` opened for one run of `epsim serve` or `epsim tui --serve`: the directory
/// (locked, so a second server cannot write it too), how its world began, and the files kept
/// beside the journal: the root certificate authority and the API key made for it.
final class OpenedState {
  let directory: StateDirectory
  let start: SavedStart
  /// The format the directory was written in (the current one for a new directory).
  let formatVersion: Int

  var path: String { directory.path }
  var isNew: Bool { directory.isNew }
  /// The private key made for a run without `--public-key`, kept for the next.
  var keyPath: String { directory.file("AuthKey.p8") }

  private init(
    directory: StateDirectory, start: SavedStart, formatVersion: Int = StateDirectory.formatVersion
  ) {
    self.directory = directory
    self.start = start
    self.formatVersion = formatVersion
  }

  /// Opens `path`: a new directory starts as `fresh` says (read only then); one that holds state resumes its own
  /// start, and a scenario given again (`givenScenario`) is refused rather than silently ignored.
  static func open(
    path: String, command: String, fresh: () throws -> SavedStart, givenScenario: String?
  ) throws -> OpenedState {
    let directory: StateDirectory
    do throws(JournalError) {
      directory = try StateDirectory(path: path, ownFiles: ["ca.pem", "ca-key.pem", "AuthKey.p8"])
    } catch {
      throw ReportCLI.usage(command, "--state \(error.description)")
    }
    guard !directory.isNew else { return OpenedState(directory: directory, start: try fresh()) }
    if let givenScenario {
      throw ReportCLI.usage(
        command,
        "--state \(path) already holds a world; start without \(givenScenario) to resume it, "
          + "or give a new directory to start from the scenario")
    }
    do throws(JournalError) {
      let (start, version) = try directory.readVersionedManifest(SavedStart.self)
      return OpenedState(directory: directory, start: start, formatVersion: version)
    } catch {
      throw ReportCLI.usage(command, "--state \(error.description)")
    }
  }

  /// The root the server signs under: the one kept here, or a new one written here first.
  func testRoot(command: String) throws -> LocalCertificateAuthority {
    if let kept = try KeptRoot.load(from: path, command: command) { return kept }
    let made: LocalCertificateAuthority
    do { made = try LocalCertificateAuthority() } catch {
      throw ReportCLI.usage(command, "cannot make the test certificate authority: \(error)")
    }
    do throws(JournalError) {
      try StateDirectory.writeAtomically(
        Array(made.rootKeyPEM.utf8), to: KeptRoot.keyPath(in: path), directory: path, mode: 0o600)
      try StateDirectory.writeAtomically(
        Array(made.rootPEM.utf8), to: KeptRoot.certificatePath(in: path), directory: path, mode: 0o644)
    } catch {
      throw ReportCLI.usage(command, "--state \(error.description)")
    }
    return made
  }

  /// Replays the journal on the server's starting state and writes every later change to it;
  /// a new directory gets its manifest first. A change that cannot be written stops the process
  /// (what is on disk is what the next start resumes).
  func resume(_ state: MockAppleState, command: String, onFailure: @escaping @Sendable (String) -> Never)
    throws -> MockAppleState.Resumed
  {
    do throws(JournalError) {
      // A new directory, or one of an older format this epsim is about to write to.
      if isNew || formatVersion < StateDirectory.formatVersion {
        try directory.writeManifest(start: start, writtenBy: "epsim \(EpsimVersion.current)")
      }
      let (journal, contents) = try JournalFile.load(path: directory.file("journal.jsonl"))
      let box = LockedBox<Result<MockAppleState.Resumed, JournalError>?>(nil)
      let done = DispatchSemaphore(value: 0)
      Task {
        do throws(JournalError) {
          box.value = .success(
            try await state.resume(
              journal: journal, lines: contents.lines, droppedBytes: contents.droppedBytes,
              onFailure: onFailure))
        } catch {
          box.value = .failure(error)
        }
        done.signal()
      }
      done.wait()
      return try box.value!.get()
    } catch {
      throw ReportCLI.usage(command, "--state \(error.description)")
    }
  }

  /// What a run prints about a resumed directory, one line; nil for a new one.
  static func resumedNotice(_ resumed: MockAppleState.Resumed, path: String, command: String) -> String {
    var text =
      "epsim \(command): resumed \(path): \(resumed.changes) saved change"
      + (resumed.changes == 1 ? "" : "s")
    if resumed.droppedBytes > 0 {
      text +=
        "; a last line cut short by a crash (\(resumed.droppedBytes) bytes, never acknowledged) was dropped"
    }
    if !resumed.abandoned.isEmpty {
      text +=
        "; \(resumed.abandoned.count) notification(s) interrupted mid-send were given up, not sent twice"
    }
    return text
  }
}
