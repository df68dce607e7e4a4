import Foundation
import Testing

/// The help of every command reads as prose: paragraphs wrapped by the parser, not broken
/// mid-sentence in the source, and section titles that are titles.
@Suite("epsim --help of every command")
struct HelpTextTests {
  static let commands = [
    ["tui"], ["run"], ["decode"], ["generate"], ["samples"], ["craft"], ["lint"], ["report", "plan"],
    ["report", "check"], ["serve"], ["cert"],
  ]

  @Test(arguments: commands)
  func paragraphsAreNotBrokenMidSentence(command: [String]) throws {
    let help = try EpsimExecutable.run(command + ["--help"])
    #expect(help.status == 0)
    let overview = help.standardOutput.components(separatedBy: "\nUSAGE:").first ?? ""
    let lines = overview.split(separator: "\n", omittingEmptySubsequences: false)
    for (line, next) in zip(lines, lines.dropFirst()) {
      // A line that continues its paragraph was wrapped at 80 columns, so it is nearly full;
      // a list (indented lines) or a line ending in ':' may be short.
      guard !line.isEmpty, !next.isEmpty, !next.hasPrefix(" "), !line.hasSuffix(":") else { continue }
      #expect(line.count >= 60, "'\(line)' is broken before '\(next)'")
    }
  }

  /// The text of one option in a command's help: from its line to the next option's.
  static func option(_ name: String, in help: String) -> String {
    let lines = help.split(separator: "\n").map(String.init)
    guard let start = lines.firstIndex(where: { $0.hasPrefix("  \(name) ") || $0 == "  \(name)" }) else {
      return ""
    }
    let rest = lines[(start + 1)...].prefix { !$0.hasPrefix("  -") }
    return ([lines[start]] + rest).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
  }

  /// `--jobs` defaults to the number of cores: the help says so in words, never as this machine's
  /// number, so it reads the same everywhere (and in the man page made from it).
  @Test(arguments: [["run"], ["decode"], ["generate"]])
  func theJobsDefaultIsTheNumberOfCoresNotThisMachines(command: [String]) throws {
    let help = try EpsimExecutable.run(command + ["--help"]).standardOutput
    let jobs = Self.option("--jobs <jobs>", in: help)
    #expect(jobs.contains("(default: the number of cores)"), "\(jobs)")
    #expect(jobs.range(of: #"default: [0-9]"#, options: .regularExpression) == nil, "\(jobs)")
  }

  /// Each option of `serve` that has a default says it, and `--unreported-delay` names the tokens
  /// it applies to.
  @Test func serveSaysTheRateDefaultAndWhichTokensTheUnreportedDelayIsFor() throws {
    let help = try EpsimExecutable.run(["serve", "--help"]).standardOutput
    let rate = Self.option("--rate <rate>", in: help)
    #expect(rate.contains("(default: 1, real time)"), "\(rate)")
    let delay = Self.option("--unreported-delay <unreported-delay>", in: help)
    #expect(delay.contains("after an ACQUISITION or SERVICES token's expiry"), "\(delay)")
    #expect(delay.contains("other tokens: 10 days after creation"), "\(delay)")
    #expect(!delay.contains("custom link token"), "\(delay)")
  }

  @Test(arguments: commands)
  func sectionTitlesAreWordsOnly(command: [String]) throws {
    let help = try EpsimExecutable.run(command + ["--help"]).standardOutput
    let sections = try #require(help.components(separatedBy: "\nUSAGE:").last)
    let titles = sections.split(separator: "\n").filter { !$0.hasPrefix(" ") && $0.hasSuffix(":") }
    #expect(titles.contains("OPTIONS:"))
    for title in titles {
      #expect(title.dropLast().allSatisfy { $0.isUppercase || $0 == " " }, "section title '\(title)'")
    }
  }
}
