import Foundation
import Hummingbird

/// A backend's notification endpoint, in the test: records every body and fails the first
/// `failures` requests with 500, so retries can be watched.
actor WebhookReceiver {
  private(set) var bodies: [Data] = []
  private var failuresLeft: Int

  init(failures: Int = 0) {
    failuresLeft = failures
  }

  fileprivate func receive(_ body: Data) -> HTTPResponse.Status {
    bodies.append(body)
    guard failuresLeft > 0 else { return .ok }
    failuresLeft -= 1
    return .internalServerError
  }

  /// Runs the receiver on a free loopback port for `body`, passing its URL.
  func serve(_ body: (String) async throws -> Void) async throws {
    let router = Router()
    router.post("/hook") { request, _ -> Response in
      let buffer = try await request.body.collect(upTo: 1 << 20)
      return Response(status: await self.receive(Data(buffer.readableBytesView)))
    }
    let (ports, continuation) = AsyncStream<Int>.makeStream()
    let app = Application(
      router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
      onServerRunning: { continuation.yield($0.localAddress?.port ?? 0) })
    let task = Task { try await app.runService() }
    var iterator = ports.makeAsyncIterator()
    guard let port = await iterator.next() else { throw TestServerError.didNotStart }
    try await stopping(task, after: { try await body("http://127.0.0.1:\(port)/hook") })
  }
}
