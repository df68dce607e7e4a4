import Foundation
import JSONShield
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The directory a long-running server keeps its state in (`epsim serve --state DIR`): a
/// manifest that says what wrote it and how the world began, the journal of every change since,
/// and whatever files the caller keeps beside them (keys, the root certificate). One server at a
/// time: a lock held for the process's life refuses a second.
public final class StateDirectory {
  /// What `state.json` says it is; anything else is refused, never guessed at.
  public static let formatName = "epsim-state"
  /// The journal's format. A directory of a newer format is refused. Format 2 added two kinds of
  /// backend step (Finish Transaction, consumption information) and changed nothing else, so a
  /// format-1 directory reads as it is; its manifest is raised to 2 before anything new is written,
  /// and the epsim that wrote it then refuses it clearly instead of failing on a line it cannot read.
  public static let formatVersion = 2
  /// The formats this epsim reads.
  public static let readableVersions = 1...formatVersion

  public let path: String
  /// Whether the directory held no state and was set up now.
  public let isNew: Bool
  private let lockDescriptor: Int32
  private let lockFile: FileIdentity

  /// A file as the kernel knows it, whatever path reached it.
  struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64
  }

  /// The lock files this process holds. The lock itself is a POSIX record lock (`fcntl`), which
  /// belongs to the process: it refuses other processes, and a child the process starts never
  /// holds it. (`flock` belongs to the open file, which a child shares between its fork and its
  /// exec; a directory closed and opened again at that moment was refused as "in use".) A record
  /// lock does not refuse its own process, so this list does.
  private static let heldLocks = Mutex<Set<FileIdentity>>([])

  /// The manifest's fixed part, read before anything else so a foreign or newer file is refused
  /// before its contents are interpreted.
  struct Header: Codable {
    var format: String
    var version: Int
    var writtenBy: String
  }

  /// Opens `path` (making it, mode 0700, if missing) and takes its lock; `isNew` when it holds
  /// no manifest yet. A directory holding files other than `ownFiles` (what the caller writes
  /// before the manifest, such as keys) and no manifest is refused.
  public init(path: String, ownFiles: Set<String> = []) throws(JournalError) {
    self.path = path
    var status = stat()
    if stat(path, &status) != 0 {
      guard mkdir(path, 0o700) == 0 else { throw JournalError(path: path, reason: JournalFile.lastError()) }
    } else if status.st_mode & S_IFMT != S_IFDIR {
      throw JournalError(path: path, reason: "not a directory")
    }
    let lockPath = Self.join(path, "lock")
    (lockDescriptor, lockFile) = try Self.takeLock(lockPath, directory: path)
    let manifest = Self.join(path, "state.json")
    if access(manifest, F_OK) == 0 {
      isNew = false
    } else {
      let others = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter {
        $0 != "lock" && $0 != "journal.jsonl" && !ownFiles.contains($0) && !$0.hasPrefix(".")
      }
      guard others.isEmpty else {
        Self.releaseLock(lockDescriptor, lockFile)
        throw JournalError(
          path: path, reason: "holds files but no epsim state (no state.json); give an empty or new directory"
        )
      }
      isNew = true
    }
  }

  deinit { Self.releaseLock(lockDescriptor, lockFile) }

  /// Takes the lock file's record lock, or refuses when this or another process holds it.
  ///
  /// A process's record locks on a file all go when it closes any descriptor of that file, so a
  /// lock this process holds is recognised from the list before the file is opened: opening and
  /// closing it again would release the holder's lock. The list's mutex covers the whole taking.
  private static func takeLock(_ lockPath: String, directory: String) throws(JournalError) -> (
    Int32, FileIdentity
  ) {
    let taken: Result<(Int32, FileIdentity), JournalError> = heldLocks.withLock { held in
      let inUse = JournalError(path: directory, reason: "another epsim is using this state directory")
      var existing = stat()
      if stat(lockPath, &existing) == 0,
        held.contains(FileIdentity(device: UInt64(existing.st_dev), inode: UInt64(existing.st_ino)))
      {
        return .failure(inUse)
      }
      let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
      guard descriptor >= 0 else {
        return .failure(JournalError(path: lockPath, reason: JournalFile.lastError()))
      }
      var status = stat()
      guard fstat(descriptor, &status) == 0 else {
        let reason = JournalFile.lastError()
        close(descriptor)
        return .failure(JournalError(path: lockPath, reason: reason))
      }
      let identity = FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
      var wholeFile = flock()
      wholeFile.l_type = Int16(F_WRLCK)
      wholeFile.l_whence = Int16(SEEK_SET)
      // Refused here, the lock is another process's: this process holds none on the file, so
      // closing the descriptor releases nothing of ours.
      guard fcntl(descriptor, F_SETLK, &wholeFile) == 0 else {
        close(descriptor)
        return .failure(inUse)
      }
      held.insert(identity)
      return .success((descriptor, identity))
    }
    return try taken.get()
  }

  /// Closes the lock file, which releases its record lock, and forgets it, in one step.
  private static func releaseLock(_ descriptor: Int32, _ identity: FileIdentity) {
    heldLocks.withLock { held in
      close(descriptor)
      held.remove(identity)
    }
  }

  /// A file in the directory.
  public func file(_ name: String) -> String { Self.join(path, name) }

  /// Writes the manifest of a new directory: the format, the writer, and `start` (how the world
  /// began), atomically.
  public func writeManifest<Start: Encodable>(start: Start, writtenBy: String) throws(JournalError) {
    let manifest = StateManifest(
      format: Self.formatName, version: Self.formatVersion, writtenBy: writtenBy, start: start)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let bytes: Data
    do { bytes = try encoder.encode(manifest) } catch {
      throw JournalError(path: file("state.json"), reason: "\(error)")
    }
    try Self.writeAtomically(Array(bytes) + [UInt8(ascii: "\n")], to: file("state.json"), directory: path)
  }

  /// Reads the manifest: refused when it is not epsim's, or of a format this epsim cannot read.
  public func readManifest<Start: Decodable>(_ start: Start.Type) throws(JournalError) -> Start {
    try readVersionedManifest(start).start
  }

  /// The manifest's start and format version.
  public func readVersionedManifest<Start: Decodable>(_ start: Start.Type) throws(JournalError) -> (
    start: Start, version: Int
  ) {
    let name = file("state.json")
    guard let data = FileManager.default.contents(atPath: name) else {
      throw JournalError(path: name, reason: "cannot be read")
    }
    guard let header = try? ShieldedJSON.decode(Header.self, from: data), header.format == Self.formatName
    else {
      throw JournalError(path: name, reason: "not an epsim state manifest")
    }
    guard Self.readableVersions.contains(header.version) else {
      let which = header.version > Self.formatVersion ? "a newer" : "an older"
      throw JournalError(
        path: name,
        reason: "written by \(header.writtenBy) in \(which) state format (\(header.version)); this epsim "
          + "reads formats \(Self.readableVersions.lowerBound) to \(Self.formatVersion). Use that epsim, "
          + "or start with a new directory")
    }
    do {
      return (try ShieldedJSON.decode(StateManifest<Start>.self, from: data).start, header.version)
    } catch {
      throw JournalError(path: name, reason: "its start record cannot be read: \(error)")
    }
  }

  /// Writes `bytes` to `path` through a temporary file, synced, renamed and the directory synced:
  /// a crash leaves the old file or the new one, never half of either.
  public static func writeAtomically(
    _ bytes: [UInt8], to path: String, directory: String, mode: mode_t = 0o600
  )
    throws(JournalError)
  {
    let temporary = path + ".partial"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
    guard descriptor >= 0 else { throw JournalError(path: temporary, reason: JournalFile.lastError()) }
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
      if count < 0 {
        if errno == EINTR { continue }
        let reason = JournalFile.lastError()
        close(descriptor)
        throw JournalError(path: temporary, reason: reason)
      }
      written += count
    }
    guard fsync(descriptor) == 0 else {
      let reason = JournalFile.lastError()
      close(descriptor)
      throw JournalError(path: temporary, reason: reason)
    }
    close(descriptor)
    guard rename(temporary, path) == 0 else {
      throw JournalError(path: path, reason: JournalFile.lastError())
    }
    let directoryDescriptor = open(directory, O_RDONLY | O_CLOEXEC)
    if directoryDescriptor >= 0 {
      _ = fsync(directoryDescriptor)
      close(directoryDescriptor)
    }
  }

  static func join(_ directory: String, _ name: String) -> String {
    (directory as NSString).appendingPathComponent(name)
  }
}

/// `state.json`: what wrote the directory, in which format, and how its world began.
struct StateManifest<Start> {
  var format: String
  var version: Int
  var writtenBy: String
  var start: Start
}

extension StateManifest: Encodable where Start: Encodable {}
extension StateManifest: Decodable where Start: Decodable {}
