import ExternalPurchaseTokens
import FileOutput
import FixtureGenerator
import Foundation
import Testing

@Suite("Generate: options and output")
struct OptionsAndOutputTests {
  @Test func badOptionsNameTheOption() {
    #expect(GenerateOptions(customers: 0).problem == "--customers must be at least 1 (got 0)")
    #expect(GenerateOptions(customers: -5).problem?.hasPrefix("--customers") == true)
    #expect(GenerateOptions(customers: 1, days: 0).problem == "--days must be at least 1 (got 0)")
    #expect(GenerateOptions(customers: 1, days: 3651).problem?.hasPrefix("--days must be at most") == true)
    #expect(GenerateOptions(customers: 1).problem == nil)
    #expect(throws: FixtureError.invalidOptions("--customers must be at least 1 (got 0)")) {
      try FixtureGenerator(options: GenerateOptions(customers: 0))
    }
  }

  @Test func atomicFileAppearsOnlyWhenCommitted() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path + "/out.jsonl"
    var file = try AtomicFile(path: path)
    try file.write(Array("hello\n".utf8))
    #expect(!FileManager.default.fileExists(atPath: path))
    try file.commit()
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "hello\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.jsonl"])
  }

  @Test func discardedFileLeavesTheOldOneAndNoTemporary() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path + "/out.jsonl"
    try Data("old\n".utf8).write(to: URL(fileURLWithPath: path))
    var file = try AtomicFile(path: path)
    try file.write(Array("partial".utf8))
    file.discard()
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.jsonl"])
  }

  @Test func unwritableDirectoryIsAClearError() {
    #expect(throws: FileOutputError(path: "/nonexistent-epsim/out", message: "No such file or directory")) {
      try AtomicFile(path: "/nonexistent-epsim/out")
    }
  }

  @Test func largeRunsArriveInChunks() throws {
    struct CountingSink: ByteSink {
      var chunks: [Int] = []
      mutating func write(_ bytes: [UInt8]) throws(FileOutputError) { chunks.append(bytes.count) }
    }
    let generator = try FixtureGenerator(options: GenerateOptions(customers: 1200, seed: 2))
    var sink = CountingSink()
    try generator.generate(into: &sink)
    #expect(sink.chunks.count >= 2)
    #expect(sink.chunks.dropLast().allSatisfy { $0 >= FixtureGenerator.chunkSize })
  }
}

/// A fresh directory under the system's temporary directory, removed when the value goes away.
final class TemporaryDirectory {
  let path: String

  init() throws {
    path = FileManager.default.temporaryDirectory.appendingPathComponent("epsim-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }
}
