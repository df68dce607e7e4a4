import Foundation

/// The fenced `sh` blocks of the user documents (the README and docs/*.md), which
/// `DocCommandTests` runs as a reader would paste them.
///
/// A block is skipped only when the line before its fence says so, with the reason:
/// `<!-- doc-test: skip (needs a backend) -->`. Blocks fenced as anything else (a scenario, an
/// output listing, a synopsis with placeholders) are not commands and are not run.
struct DocShellBlock: CustomStringConvertible {
  /// The document's path from the repository root.
  var document: String
  /// The 1-based line of the opening fence.
  var line: Int
  var text: String
  /// Why the block is not run, from its marker; nil for a block the test runs.
  var skipReason: String?

  var description: String { "\(document):\(line)" }
}

enum DocShellBlocks {
  /// The marker's start; the reason follows in parentheses.
  static let skipMarker = "<!-- doc-test: skip ("

  /// The user documents, from the repository root: the README first, then docs/ by name.
  static func documents(in repository: URL) throws -> [String] {
    let docs = try FileManager.default.contentsOfDirectory(
      atPath: repository.appendingPathComponent("docs").path)
    return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
  }

  /// Every `sh` block of `text`, in order; a marker line that is not followed by a block, or that
  /// gives no reason, is an error, so a typo cannot quietly run (or skip) the wrong block.
  static func blocks(in text: String, document: String) throws -> [DocShellBlock] {
    var blocks: [DocShellBlock] = []
    var pendingSkip: (reason: String, line: Int)?
    var open: (line: Int, isShell: Bool, skip: String?)?
    var body: [Substring] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let number = index + 1
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if let current = open {
        if trimmed == "```" {
          if current.isShell {
            blocks.append(
              DocShellBlock(
                document: document, line: current.line, text: body.joined(separator: "\n"),
                skipReason: current.skip))
          }
          open = nil
          body = []
        } else {
          body.append(line)
        }
        continue
      }
      if trimmed.hasPrefix("```") {
        let isShell = trimmed.dropFirst(3) == "sh"
        if let skip = pendingSkip, !isShell {
          throw MisplacedMarker(
            place: "\(document):\(skip.line)", problem: "it is not followed by an sh block")
        }
        open = (number, isShell, pendingSkip?.reason)
        pendingSkip = nil
      } else if trimmed.hasPrefix(skipMarker) {
        guard trimmed.hasSuffix(") -->"), trimmed.count > skipMarker.count + ") -->".count else {
          throw MisplacedMarker(place: "\(document):\(number)", problem: "it gives no reason in parentheses")
        }
        pendingSkip = (String(trimmed.dropFirst(skipMarker.count).dropLast(") -->".count)), number)
      } else if !trimmed.isEmpty, let skip = pendingSkip {
        throw MisplacedMarker(place: "\(document):\(skip.line)", problem: "it is not followed by an sh block")
      }
    }
    return blocks
  }

  /// A skip marker the test cannot honour.
  struct MisplacedMarker: Error, CustomStringConvertible {
    var place: String
    var problem: String
    var description: String { "\(place): a doc-test skip marker, but \(problem)" }
  }
}
