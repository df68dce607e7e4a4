import AppleNotifications
import Foundation
import NIOCore
import NIOPosix
import Testing

/// The webhook sender against a loopback receiver that answers, redirects, stays silent, drops the
/// connection or talks nonsense: each ends in the `sendAttemptResult` the docs give.
@Suite struct WebhookSenderTests {
  @Test func aTwoHundredAnswerIsASuccessAndTheBodyIsTheSignedPayload() async throws {
    let receiver = try await RawReceiver.start { _ in .answer("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
    }
    defer { receiver.stop() }
    let sent = await WebhookSender(url: receiver.url("/hooks?team=qa")).send(signedPayload: "a.b.c")
    #expect(sent.status == 200 && sent.error == nil && sent.result == .success)
    let request = try #require(receiver.requests.first)
    #expect(request.hasPrefix("POST /hooks?team=qa HTTP/1.1\r\n"))
    #expect(request.contains("Content-Type: application/json\r\n"))
    #expect(request.hasSuffix("\r\n\r\n{\"signedPayload\":\"a.b.c\"}"))
  }

  @Test func anotherStatusIsAnUnsuccessfulResponseCode() async throws {
    let receiver = try await RawReceiver.start { _ in
      .answer("HTTP/1.1 503 Busy\r\nContent-Length: 4\r\n\r\nbusy")
    }
    defer { receiver.stop() }
    let sent = await WebhookSender(url: receiver.url("/")).send(signedPayload: "x")
    #expect(sent.status == 503 && sent.result == .unsuccessfulHTTPResponseCode)
    #expect(sent.error == "the webhook answered 503")
  }

  @Test func aRedirectIsFollowedWithTheSameBody() async throws {
    let receiver = try await RawReceiver.start { request in
      request.hasPrefix("POST /old ")
        ? .answer("HTTP/1.1 307 Temporary Redirect\r\nLocation: /new\r\nContent-Length: 0\r\n\r\n")
        : .answer("HTTP/1.1 204 No Content\r\n\r\n")
    }
    defer { receiver.stop() }
    let sent = await WebhookSender(url: receiver.url("/old")).send(signedPayload: "p")
    #expect(sent.status == 204 && sent.result == .success)
    #expect(receiver.requests.map { $0.split(separator: " ")[1] } == ["/old", "/new"])
    #expect(receiver.requests.allSatisfy { $0.hasSuffix("{\"signedPayload\":\"p\"}") })
  }

  @Test func aRedirectLoopIsACircularRedirect() async throws {
    let receiver = try await RawReceiver.start { request in
      let next = request.hasPrefix("POST /a ") ? "/b" : "/a"
      return .answer("HTTP/1.1 302 Found\r\nLocation: \(next)\r\nContent-Length: 0\r\n\r\n")
    }
    defer { receiver.stop() }
    let sent = await WebhookSender(url: receiver.url("/a")).send(signedPayload: "p")
    #expect(sent.status == nil && sent.result == .circularRedirect)
    #expect(receiver.requests.count == 2)
  }

  @Test func aReceiverThatNeverAnswersTimesOut() async throws {
    let receiver = try await RawReceiver.start { _ in .silence }
    defer { receiver.stop() }
    let sent = await WebhookSender(url: receiver.url("/"), timeout: 0.2).send(signedPayload: "p")
    #expect(sent.status == nil && sent.result == .timedOut)
    #expect(sent.error == "the webhook did not answer in time")
  }

  @Test(arguments: [Double.nan, -1, 0, Double.infinity])
  func aHostileTimeoutIsClampedNotATrap(timeout: Double) async throws {
    let receiver = try await RawReceiver.start { _ in .answer("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
    }
    defer { receiver.stop() }
    let sent = await WebhookSender(url: receiver.url("/"), timeout: timeout).send(signedPayload: "p")
    // Too short a limit may time out before the answer; either way the sender answers.
    #expect(sent.result == .success || sent.result == .timedOut)
  }

  @Test func aConnectionClosedBeforeTheAnswerIsAPrematureClose() async throws {
    let receiver = try await RawReceiver.start { _ in .close }
    defer { receiver.stop() }
    let sent = await WebhookSender(url: receiver.url("/")).send(signedPayload: "p")
    #expect(sent.result == .prematureClose)
  }

  @Test func bytesThatAreNotHTTPAreAnInvalidResponse() async throws {
    let receiver = try await RawReceiver.start { _ in .answer("hello there\r\n\r\n") }
    defer { receiver.stop() }
    let sent = await WebhookSender(url: receiver.url("/")).send(signedPayload: "p")
    #expect(sent.result == .invalidResponse)
  }

  @Test func aClosedPortIsNoResponse() async throws {
    let receiver = try await RawReceiver.start { _ in .close }
    let url = receiver.url("/")
    receiver.stop()
    let sent = await WebhookSender(url: url).send(signedPayload: "p")
    #expect(sent.status == nil && sent.result == .noResponse)
    #expect(sent.error?.hasPrefix("could not connect to the webhook: ") == true)
  }

  @Test func aURLWithoutHTTPIsRefusedWithTheReason() async throws {
    let sent = await WebhookSender(url: URL(string: "ftp://example.invalid/x")!).send(signedPayload: "p")
    #expect(sent.result == .other)
    #expect(sent.error?.contains("needs an http or https URL") == true)
  }

  @Test func anHTTPSReceiverThatIsNotTrustedIsATLSIssue() async throws {
    // Plain HTTP on the other end, answering the client's hello at once: no TLS record comes back.
    let receiver = try await RawReceiver.start(atFirstByte: true) { _ in
      .answer("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
    }
    defer { receiver.stop() }
    let url = URL(string: receiver.url("/").absoluteString.replacingOccurrences(of: "http:", with: "https:"))!
    let sent = await WebhookSender(url: url, timeout: 5).send(signedPayload: "p")
    #expect(sent.result == .tlsIssue)
    #expect(sent.error?.hasPrefix("the TLS handshake with the webhook failed: ") == true)
  }
}

/// A loopback TCP listener whose answer to each whole request is chosen by the test.
private final class RawReceiver: @unchecked Sendable {
  enum Reply {
    /// Writes these bytes and closes.
    case answer(String)
    /// Closes without a byte.
    case close
    /// Keeps the connection open and says nothing.
    case silence
  }

  private let channel: any Channel
  private let lock = NSLock()
  private var received: [String] = []

  private init(channel: any Channel) {
    self.channel = channel
  }

  /// Every whole request received, in order.
  var requests: [String] { lock.withLock { received } }

  func url(_ pathAndQuery: String) -> URL {
    URL(string: "http://127.0.0.1:\(channel.localAddress!.port!)\(pathAndQuery)")!
  }

  func stop() { try? channel.close().wait() }

  /// `atFirstByte` replies to whatever the first read brings, not to a whole HTTP request.
  static func start(atFirstByte: Bool = false, reply: @escaping @Sendable (String) -> Reply) async throws
    -> RawReceiver
  {
    let box = ReceiverBox()
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelInitializer { child in
        child.eventLoop.makeCompletedFuture {
          try child.pipeline.syncOperations.addHandler(
            RequestCollector(atFirstByte: atFirstByte) { request in
              box.receiver?.record(request)
              return reply(request)
            })
        }
      }
      .bind(host: "127.0.0.1", port: 0).get()
    let receiver = RawReceiver(channel: channel)
    box.receiver = receiver
    return receiver
  }

  private func record(_ request: String) { lock.withLock { received.append(request) } }
}

/// Lets the child handlers reach a receiver made after the listener is bound.
private final class ReceiverBox: @unchecked Sendable {
  var receiver: RawReceiver?
}

/// Gathers one request (its head and a Content-Length body), then replies as told.
private final class RequestCollector: ChannelInboundHandler, @unchecked Sendable {
  typealias InboundIn = ByteBuffer
  private var bytes: [UInt8] = []
  private var replied = false
  private let reply: (String) -> RawReceiver.Reply
  private let atFirstByte: Bool

  init(atFirstByte: Bool, reply: @escaping (String) -> RawReceiver.Reply) {
    self.atFirstByte = atFirstByte
    self.reply = reply
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    var buffer = unwrapInboundIn(data)
    bytes += buffer.readBytes(length: buffer.readableBytes) ?? []
    let text = String(decoding: bytes, as: UTF8.self)
    guard !replied, atFirstByte || Self.isWhole(text) else { return }
    replied = true
    switch reply(text) {
    case .answer(let answer):
      context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: answer))).whenComplete { _ in
        context.close(promise: nil)
      }
    case .close: context.close(promise: nil)
    case .silence: break
    }
  }

  typealias OutboundOut = ByteBuffer

  /// True once `text` holds a request's head and as many body bytes as its Content-Length says.
  private static func isWhole(_ text: String) -> Bool {
    guard let end = text.range(of: "\r\n\r\n") else { return false }
    let length =
      text[..<end.lowerBound].split(separator: "\r\n")
      .first { $0.lowercased().hasPrefix("content-length:") }
      .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
    return text[end.upperBound...].utf8.count >= length
  }
}
