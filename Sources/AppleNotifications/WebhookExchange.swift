import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// One HTTP/1.1 POST on a connection of its own, closed after the answer: a notification at a time.
enum WebhookExchange {
  /// The part of an answer the sender reads: its status and where a redirect points.
  struct Answer {
    let status: Int
    let location: String?

    /// The URL a 301, 302, 303, 307 or 308 answer sends the POST to, resolved against `base`.
    func redirect(from base: URL) -> URL? {
      guard [301, 302, 303, 307, 308].contains(status), let location else { return nil }
      return URL(string: location, relativeTo: base)?.absoluteURL
    }
  }

  /// The client TLS settings: the system's trust roots, made once (loading them reads files).
  private static let tlsContext = Result { try NIOSSLContext(configuration: .makeClientConfiguration()) }

  /// POSTs `body` as JSON to `url` and waits at most `timeout` seconds for the whole answer.
  static func post(_ body: [UInt8], to url: URL, timeout: TimeInterval) async throws -> Answer {
    guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let host = url.host, !host.isEmpty
    else { throw WebhookFailure.unsupportedURL(url.absoluteString) }
    let secure = scheme == "https"
    let port = url.port ?? (secure ? 443 : 80)
    let tls = secure ? try tlsContext.get() : nil
    // A timeout of zero or less, beyond any sane range or not a number is clamped to something
    // NIO can schedule (Int64(_:) traps on NaN).
    let seconds = timeout.isNaN ? 10 : min(max(timeout, 0.001), 86_400)
    let limit = TimeAmount.milliseconds(Int64(seconds * 1000))
    let eventLoop = MultiThreadedEventLoopGroup.singleton.next()
    let answer = eventLoop.makePromise(of: Answer.self)
    let deadline = eventLoop.scheduleTask(in: limit) { answer.fail(WebhookFailure.timedOut) }
    defer { deadline.cancel() }
    let bootstrap = ClientBootstrap(group: eventLoop)
      .connectTimeout(limit)
      .channelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          let pipeline = channel.pipeline.syncOperations
          if let tls {
            // An IP address is no server name: SNI carries host names only.
            let name = host.first.map { $0.isNumber || $0 == "[" } == true ? nil : host
            try pipeline.addHandler(try NIOSSLClientHandler(context: tls, serverHostname: name))
          }
          try pipeline.addHTTPClientHandlers()
          try pipeline.addHandler(AnswerReader(answer: answer))
        }
      }
    let connecting = bootstrap.connect(host: host, port: port)
    connecting.whenFailure { answer.fail($0) }
    connecting.whenSuccess { channel in
      answer.futureResult.whenComplete { _ in channel.close(promise: nil) }
      var head = HTTPRequestHead(version: .http1_1, method: .POST, uri: Self.target(of: url))
      head.headers.add(name: "Host", value: url.port.map { "\(host):\($0)" } ?? host)
      head.headers.add(name: "Content-Type", value: "application/json")
      head.headers.add(name: "Content-Length", value: String(body.count))
      head.headers.add(name: "Connection", value: "close")
      head.headers.add(name: "User-Agent", value: "epsim")
      channel.write(HTTPClientRequestPart.head(head), promise: nil)
      channel.write(HTTPClientRequestPart.body(.byteBuffer(ByteBuffer(bytes: body))), promise: nil)
      channel.writeAndFlush(HTTPClientRequestPart.end(nil)).whenFailure { answer.fail($0) }
    }
    return try await answer.futureResult.get()
  }

  /// The request target: the path (at least `/`) and the query, as they stand in the URL.
  private static func target(of url: URL) -> String {
    let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
    let path = components?.percentEncodedPath ?? ""
    let query = components?.percentEncodedQuery.map { "?" + $0 } ?? ""
    return (path.isEmpty ? "/" : path) + query
  }
}

/// Reads one answer's head and waits for its end; a close before the end is a premature close.
private final class AnswerReader: ChannelInboundHandler, Sendable {
  typealias InboundIn = HTTPClientResponsePart

  private let answer: EventLoopPromise<WebhookExchange.Answer>
  // Touched only on the channel's event loop.
  nonisolated(unsafe) private var head: HTTPResponseHead?

  init(answer: EventLoopPromise<WebhookExchange.Answer>) {
    self.answer = answer
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let received):
      // 1xx answers are interim; the real one follows.
      if received.status.code >= 200 { head = received }
    case .body: break
    case .end:
      guard let head else { return }
      answer.succeed(.init(status: Int(head.status.code), location: head.headers.first(name: "Location")))
    }
  }

  func channelInactive(context: ChannelHandlerContext) {
    answer.fail(WebhookFailure.prematureClose)
    context.fireChannelInactive()
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    answer.fail(error)
    context.close(promise: nil)
  }
}
