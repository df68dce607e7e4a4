import ExternalPurchaseTokens
import Foundation
import TokenCorpus

/// Measures tokens per second for epsim's decoder and encoder and for the Foundation baseline.
struct CodecBenchmark {
  let options: CodecBenchmarkOptions
  /// Fixed so every run measures the same corpus; the Python baseline reads the same file.
  static let seed: UInt64 = 0x0E5_1A_2026

  func run() throws {
    let corpus = TokenCorpus(count: options.count, seed: Self.seed)
    let strings = corpus.entries.map(\.string)
    let tokens = corpus.entries.map(\.token)
    if let path = options.corpusPath {
      // One token a line: the quirky trailing newline lives inside the Base64, so lines are safe.
      try (strings.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    }
    print(
      "corpus: \(strings.count) tokens, \(strings.reduce(0) { $0 + $1.utf8.count } / strings.count) bytes each on average"
    )

    let decoder = TokenDecoder()
    report("epsim-decode") {
      var checksum: Int64 = 0
      // Indices rather than `for in`: iterating copies (retains) each string, harness noise.
      for index in strings.indices {
        guard let token = try? decoder.decode(strings[index]) else {
          fatalError("corpus token failed to decode")
        }
        checksum &+= token.tokenCreationDate
      }
      return checksum
    }
    let encoder = TokenEncoder()
    report("epsim-encode") {
      var checksum: Int64 = 0
      for token in tokens { checksum &+= Int64(encoder.encode(token).utf8.count) }
      return checksum
    }
    let baseline = FoundationTokenBaseline()
    report("foundation-decode") {
      var checksum: Int64 = 0
      for string in strings {
        guard let payload = baseline.decode(string) else { fatalError("baseline failed on a corpus token") }
        checksum &+= payload.tokenCreationDate
      }
      return checksum
    }
  }

  /// Runs `pass` (one pass over the corpus) for at least `options.seconds` of CPU time,
  /// three times, and prints the best rate; the checksum keeps the optimizer from
  /// dropping the work. CPU time, not wall time: the machine is shared, and a rate per
  /// CPU-second does not drop when another process takes the core.
  private func report(_ name: String, pass: () -> Int64) {
    if let only = options.only, only != name { return }
    var best = 0.0
    var checksum: Int64 = 0
    for _ in 0..<3 {
      var passes = 0
      let start = Self.threadCPUSeconds()
      var elapsed = 0.0
      repeat {
        checksum &+= pass()
        passes += 1
        elapsed = Self.threadCPUSeconds() - start
      } while elapsed < options.seconds
      best = max(best, Double(passes * options.count) / elapsed)
    }
    print("RESULT \(name) \(Int(best)) (checksum \(checksum))")
  }

  private static func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
