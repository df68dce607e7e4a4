import AppStoreCommerce
import Dispatch
import Foundation

// A year of production time for 10,000 and 100,000 subscribers: transactions per second and peak memory.
// Not a test: `swift run -c release commerce-benchmark`. Each size runs in its own process so that its
// peak memory is its own. `--subscribers N` runs one size.

/// Peak resident memory of this process in MB (Linux VmHWM; 0 where /proc is missing).
func peakMegabytes() -> Double {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
    let kilobytes = Double(line.split(separator: " ")[1])
  else { return 0 }
  return kilobytes / 1024
}

let arguments = CommandLine.arguments
if let flag = arguments.firstIndex(of: "--subscribers"), flag + 1 < arguments.count,
  let count = Int(arguments[flag + 1])
{
  let started = DispatchTime.now()
  let (state, figures) = try YearOfSubscribers(subscribers: count).run()
  let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
  // One machine-readable line for the parent, then a human one.
  print("RESULT \(count) \(figures.transactions) \(figures.domainEvents) \(seconds) \(peakMegabytes())")
  print(
    String(
      format:
        "%d subscribers, 365 days: %d transactions (%d refunds asked, %d billing failures set), %d domain events, %d chains",
      count, figures.transactions, figures.refunds, figures.failures, figures.domainEvents, state.chains.count
    ))
  print("one stored transaction: \(MemoryLayout<TransactionRecord>.stride) bytes")
} else {
  var results: [(subscribers: Int, transactions: Int, events: Int, seconds: Double, megabytes: Double)] = []
  for count in [10_000, 100_000] {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: arguments[0])
    child.arguments = ["--subscribers", String(count)]
    let pipe = Pipe()
    child.standardOutput = pipe
    try child.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    child.waitUntilExit()
    guard child.terminationStatus == 0,
      let line = output.split(separator: "\n").first(where: { $0.hasPrefix("RESULT ") })
    else {
      print("the run with \(count) subscribers failed:\n\(output)")
      exit(1)
    }
    let fields = line.split(separator: " ")
    print(output.split(separator: "\n").filter { !$0.hasPrefix("RESULT ") }.joined(separator: "\n"))
    results.append(
      (Int(fields[1])!, Int(fields[2])!, Int(fields[3])!, Double(fields[4])!, Double(fields[5])!))
  }
  print("subscribers  transactions  seconds  transactions/s  events/s  peak MB")
  for result in results {
    print(
      String(
        format: "%11d  %12d  %7.2f  %14.0f  %8.0f  %7.1f", result.subscribers, result.transactions,
        result.seconds,
        Double(result.transactions) / result.seconds, Double(result.events) / result.seconds, result.megabytes
      ))
  }
  let (small, large) = (results[0], results[1])
  print(
    String(
      format: "growth 10,000 -> 100,000: time x%.1f, peak memory x%.1f (subscribers x10)",
      large.seconds / small.seconds,
      large.megabytes / small.megabytes))
}
