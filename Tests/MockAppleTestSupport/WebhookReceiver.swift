import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// A backend's notification endpoint, in the test: records every body and fails the first
/// `failures` requests with 500, so retries can be watched.
package actor WebhookReceiver {
  package private(set) var bodies: [Data] = []
  private var failuresLeft: Int

  package init(failures: Int = 0) {
    failuresLeft = failures
  }

  fileprivate func receive(_ body: Data) -> HTTPResponse.Status {
    bodies.append(body)
    guard failuresLeft > 0 else { return .ok }
    failuresLeft -= 1
    return .internalServerError
  }

  /// Runs the receiver on a free loopback port for `body`, passing its URL.
  package func serve(_ body: (String) async throws -> Void) async throws {
    let router = Router()
    router.post("/hook") { request, _ -> Response in
      let buffer = try await request.body.collect(upTo: 1 << 20)
      return Response(status: await self.receive(Data(buffer.readableBytesView)))
    }
    let (ports, continuation) = AsyncStream<Int>.makeStream()
    let logger = Logger(label: "webhook-receiver")
    let app = Application(
      router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
      onServerRunning: { continuation.yield($0.localAddress?.port ?? 0) }, logger: logger)
    let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
    // Cancelling a running Hummingbird app makes it log errors about its open channels; the end
    // of the test shuts it down gracefully instead, as MockAppleServer.run does.
    let task = Task {
      let running = Task { try await group.run() }
      try await withTaskCancellationHandler {
        try await running.value
      } onCancel: {
        Task { await group.triggerGracefulShutdown() }
      }
    }
    var iterator = ports.makeAsyncIterator()
    guard let port = await iterator.next() else { throw TestServerError.didNotStart }
    try await stopping(task, after: { try await body("http://127.0.0.1:\(port)/hook") })
  }
}
