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
