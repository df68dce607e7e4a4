import Foundation
import Testing

/// `epsim decode` prints byte for byte what it printed before its input and output became
/// byte buffers. The golden files were written by that earlier binary
/// (Golden/make-decode-golden.py): 400 corpus tokens (a quarter with Apple's quirks), every
/// sample token and URL, and edge lines (blanks of every kind, spaces, tabs, Windows line ends,
/// non-ASCII and invalid UTF-8, NUL, URLs, extra fields, an oversized line, no final newline).
@Suite("epsim decode: output identical to the reference")
struct DecodeGoldenTests {
  static let golden = EpsimExecutable.repository.appendingPathComponent("Tests/EpsimCLITests/Golden")

  @Test(arguments: [("listing", [String]()), ("json", ["--json"]), ("strict", ["--strict", "--json"])])
  func standardInput(name: String, flags: [String]) throws {
    let input = try Data(contentsOf: Self.golden.appendingPathComponent("decode-input.txt"))
    try expectGolden(name, try EpsimExecutable.runRaw(["decode"] + flags, input: input))
  }

  @Test func arguments() throws {
    let file = try Data(contentsOf: Self.golden.appendingPathComponent("decode-arguments.json"))
    let arguments = try #require(try JSONSerialization.jsonObject(with: file) as? [String])
    try expectGolden(
      "arguments", try EpsimExecutable.runRaw(["decode", "--json"] + arguments, input: Data()))
  }

  private func expectGolden(_ name: String, _ outcome: EpsimExecutable.RawOutcome) throws {
    let output = try Data(contentsOf: Self.golden.appendingPathComponent("decode-\(name).out"))
    let errors = try Data(contentsOf: Self.golden.appendingPathComponent("decode-\(name).err"))
    #expect(outcome.standardOutput.count == output.count, "standard output length, \(name)")
    #expect(firstDifference(outcome.standardOutput, output) == nil, "standard output, \(name)")
    let actualErrors = Data("exit \(outcome.status)\n".utf8) + outcome.standardError
    #expect(firstDifference(actualErrors, errors) == nil, "exit status and standard error, \(name)")
  }

  /// The first byte offset where the two differ, with some text around it; nil when equal.
  private func firstDifference(_ actual: Data, _ expected: Data) -> String? {
    guard actual != expected else { return nil }
    let offset = zip(actual, expected).prefix { $0 == $1 }.count
    func around(_ data: Data) -> String {
      String(decoding: data.dropFirst(max(0, offset - 60)).prefix(120), as: UTF8.self)
    }
    return "at byte \(offset): got «\(around(actual))», expected «\(around(expected))»"
  }
}
