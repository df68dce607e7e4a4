import ExternalPurchaseTokens
import Foundation
import Testing
import TokenCorpus

/// `epsim decode` cuts standard input into blocks and decodes each block's parts on `--jobs`
/// threads; none of that may show in what it prints.
@Suite("epsim decode --jobs: the same output for any number of threads")
struct DecodeJobsTests {
  /// About 3.5 MB: more than one block for every `--jobs` tried, so lines are cut at block and part
  /// boundaries; every 997th line is bad, every 101st blank, every 7th ends in "\r\n", and the last
  /// line has no line break.
  static let input: (text: String, badLines: [Int], tokens: Int) = {
    let canonical = TokenEncoder().encode(SampleTokens.customLink)
    let quirky = TokenEncoder(quirks: .all).encode(SampleTokens.plain)
    let url = "https://shop.example/buy?externalPurchaseToken=\(canonical)&bundleId=de.shop"
    var lines: [String] = []
    var bad: [Int] = []
    var tokens = 0
    for number in 1...14_001 {
      if number % 997 == 0 {
        lines.append("not+a+token-\(number)")
        bad.append(number)
        tokens += 1
      } else if number % 101 == 0 {
        lines.append("")
      } else {
        lines.append(number % 13 == 0 ? url : number % 2 == 0 ? canonical : quirky)
        tokens += 1
      }
      if number % 7 == 0 { lines[lines.count - 1] += "\r" }
    }
    return (lines.joined(separator: "\n"), bad, tokens)
  }()

  @Test(arguments: [["--json"], []])
  func outputAndFailuresDoNotDependOnJobs(mode: [String]) throws {
    let one = try EpsimExecutable.run(["decode", "--jobs", "1"] + mode, input: Self.input.text)
    #expect(one.status == 2, "the bad lines fail the run")
    let reported = one.standardError.split(separator: "\n").map { $0.prefix { $0 != ":" } }
    #expect(reported == Self.input.badLines.map { "input \($0)"[...] })
    if mode == ["--json"] {
      let good = Self.input.tokens - Self.input.badLines.count
      #expect(one.standardOutput.split(separator: "\n").count == good)
    } else {
      #expect(one.standardOutput.contains("input 14001:"), "the last line, without a line break, is decoded")
    }
    for jobs in ["2", "3", "5"] {
      let many = try EpsimExecutable.run(["decode", "--jobs", jobs] + mode, input: Self.input.text)
      #expect(many.status == one.status)
      #expect(many.standardOutput == one.standardOutput, "--jobs \(jobs)")
      #expect(many.standardError == one.standardError, "--jobs \(jobs)")
    }
  }

  @Test func jobsOutsideTheRangeAreRefused() throws {
    let outcome = try EpsimExecutable.run(["decode", "--jobs", "0"], input: Self.input.text)
    #expect(outcome.status == 2)
    #expect(outcome.standardOutput.isEmpty)
    #expect(outcome.standardError == "epsim decode: --jobs must be between 1 and 256, found 0\n")
  }
}
