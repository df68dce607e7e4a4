import Foundation
import Testing

/// The test harness itself: a passing run leaves no tmux socket behind.
@Suite("tmux sessions of the end-to-end tests")
struct TmuxSessionTests {
  @Test func closingASessionRemovesItsSocket() throws {
    let session = try TmuxSession(command: "cat")
    let folder = session.socketFolder
    let sockets = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
    #expect(sockets.contains { $0.hasSuffix(session.socketName) }, "the server's socket lives in the folder")
    session.close()
    #expect(!FileManager.default.fileExists(atPath: folder.path))
  }
}
