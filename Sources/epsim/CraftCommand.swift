import ArgumentParser
import TokenFixtures

/// `epsim craft`: prints tokens that are wrong, or quirky, in every way a backend decoder must survive.
struct CraftCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "craft",
    abstract: "Print crafted good and bad tokens, each with the verdict a decoder must reach.",
    discussion: """
      Every row is built from valid tokens drawn from --seed, so the same seed prints the same table. \
      Run your own decoder over it: it must accept exactly the rows marked accept and, for those, \
      read the values in "expected". No token contains a line break.

      Categories:
      \(CraftCategory.allCases.map { "  \($0.rawValue): \($0.summary)" }.joined(separator: "\n"))
      """
  )

  @Option(help: "jsonl: one JSON object a line with every column; tokens: only the token strings.")
  var format: CraftOutputFormat = .jsonl

  @Option(help: "Print only the rows with this verdict: accept or reject.")
  var only: CraftedToken.Verdict?

  @Option(parsing: .unconditional, help: "Seed for the ids, app ids and dates inside the tokens.")
  var seed: UInt64 = 1

  func run() {
    let rows = CraftTable.all(seed: seed).filter { only == nil || $0.verdict == only }
    print(CraftOutput.render(rows, format: format), terminator: "")
  }
}

extension CraftOutputFormat: ExpressibleByArgument {}
extension CraftedToken.Verdict: ExpressibleByArgument {}
