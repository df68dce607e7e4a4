// epsim-benchmarks: throughput measurements, run by benchmarks/run-codec (not tests).
//
//   epsim-benchmarks codec [--count N] [--seconds S] [--corpus-out PATH]
//   epsim-benchmarks history [--keep-every-world] [EVENTS...]
//
// Prints one `RESULT <name> <tokens per second>` line per measurement, for scripts.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let usage = """
  usage: epsim-benchmarks codec [--count N] [--seconds S] [--corpus-out PATH] [--only NAME]
         epsim-benchmarks history [--keep-every-world] [EVENTS...]   (memory after each count, then rewinds)

  """
do {
  switch arguments.first {
  case "codec":
    let options = try CodecBenchmarkOptions(arguments: Array(arguments.dropFirst()))
    try CodecBenchmark(options: options).run()
  case "history":
    var benchmark = HistoryBenchmark()
    benchmark.keepEveryWorld = arguments.contains("--keep-every-world")
    let counts = arguments.dropFirst().compactMap { Int($0) }
    if !counts.isEmpty { benchmark.checkpoints = counts.sorted() }
    try benchmark.run()
  default:
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
  }
} catch {
  FileHandle.standardError.write(Data("epsim-benchmarks: \(error)\n".utf8))
  exit(2)
}
