import Foundation

/// Writes a file all at once: into a temporary file beside it, then renamed over the target,
/// so a reader never sees half a report and a failure leaves no partial file behind.
enum AtomicFileWriter {
  static func write(_ data: Data, to path: String) throws {
    let target = URL(fileURLWithPath: path)
    let directory = target.deletingLastPathComponent()
    let temporary = directory.appendingPathComponent(
      ".\(target.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
    do {
      try data.write(to: temporary)
      guard rename(temporary.path, target.path) == 0 else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
      }
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw error
    }
  }
}
