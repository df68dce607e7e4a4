import ScenarioLanguage

/// The counts of a whole `epsim run`, for the one line that ends a text report over several files
/// (each file's own summary says only how that file went).
struct RunTotals {
  var files = 0
  var expectations = 0
  var failed = 0
  var stopped = 0

  /// Adds one file's transcript.
  mutating func add(_ transcript: Transcript) {
    files += 1
    let all = transcript.expectations
    expectations += all.count
    failed += all.filter { $0.status == .failed }.count
    if transcript.failure != nil { stopped += 1 }
  }

  /// Adds the counts of other files.
  mutating func add(_ other: RunTotals) {
    files += other.files
    expectations += other.expectations
    failed += other.failed
    stopped += other.stopped
  }

  /// `total: 37 files, 245 expectations, 0 failed`; files the engine stopped are counted when any.
  var line: String {
    let stops = stopped == 0 ? "" : " (\(stopped) stopped by the engine)"
    let noun = files == 1 ? "file" : "files"
    return "total: \(files) \(noun)\(stops), \(expectations) expectations, \(failed) failed\n"
  }
}
