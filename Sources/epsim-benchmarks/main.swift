// epsim-benchmarks: throughput measurements, run by benchmarks/run-codec (not tests).
//
//   epsim-benchmarks codec [--count N] [--seconds S] [--corpus-out PATH]
//
// Prints one `RESULT <name> <tokens per second>` line per measurement, for scripts.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.first == "codec" else {
  FileHandle.standardError.write(
    Data("usage: epsim-benchmarks codec [--count N] [--seconds S] [--corpus-out PATH]\n".utf8))
  exit(2)
}
do {
  let options = try CodecBenchmarkOptions(arguments: Array(arguments.dropFirst()))
  try CodecBenchmark(options: options).run()
} catch {
  FileHandle.standardError.write(Data("epsim-benchmarks: \(error)\n".utf8))
  exit(2)
}
