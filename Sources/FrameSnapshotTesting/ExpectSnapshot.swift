import Foundation
import Testing
import TextFrame

/// Compares `frame.text` with the snapshot file `Snapshots/<name>.txt` beside the calling test
/// file, recording a test issue that shows the difference when they disagree.
///
/// With the environment variable `EPSIM_RECORD_SNAPSHOTS=1` the file is written instead and
/// the test fails with a note, so that a run in record mode can never pass by accident.
public func expectSnapshot(
  _ frame: Frame, named name: String, filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  expectSnapshot(text: frame.text, named: name, filePath: filePath, sourceLocation: sourceLocation)
}

/// Like `expectSnapshot(_:named:)` for text that is not a frame.
public func expectSnapshot(
  text: String, named name: String, filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let file = SnapshotFile(testFilePath: filePath, name: name)
  if ProcessInfo.processInfo.environment["EPSIM_RECORD_SNAPSHOTS"] == "1" {
    do {
      try file.record(text)
      Issue.record(
        "Recorded snapshot \(file.url.path). Run again without EPSIM_RECORD_SNAPSHOTS=1 to compare.",
        sourceLocation: sourceLocation)
    } catch {
      Issue.record("Could not write snapshot \(file.url.path): \(error)", sourceLocation: sourceLocation)
    }
    return
  }
  guard let expected = file.contents() else {
    Issue.record(
      "No snapshot at \(file.url.path). Record it with EPSIM_RECORD_SNAPSHOTS=1 swift test --filter <test>.",
      sourceLocation: sourceLocation)
    return
  }
  if let difference = SnapshotFile.describeDifference(expected: expected, actual: text) {
    Issue.record("Snapshot \(file.url.path) differs: \(difference)", sourceLocation: sourceLocation)
  }
}
