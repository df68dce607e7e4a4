import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// POSTs `{"signedPayload": ...}` to the backend's notification URL, as Apple does.
///
/// Written on SwiftNIO rather than URLSession: FoundationNetworking links libcurl, which a plain
/// Linux machine may not have, and the packaged binary must start without it (decision 0162).
package struct WebhookSender: Sendable {
  package let url: URL
  /// A receiver that does not answer within this many seconds counts as failed (`TIMED_OUT`).
  package var timeout: TimeInterval = 10
  /// Redirects followed before the attempt counts as `CIRCULAR_REDIRECT` (a loop ends sooner).
  package static let redirectLimit = 5

  package init(url: URL, timeout: TimeInterval = 10) {
    self.url = url
    self.timeout = timeout
  }

  package func send(signedPayload: String) async -> (status: Int?, error: String?, result: SendAttemptResult)
  {
    let body = Array(
      (try? JSONSerialization.data(withJSONObject: ["signedPayload": signedPayload])) ?? Data())
    var target = url
    var visited: Set<String> = [url.absoluteString]
    do {
      for _ in 0...Self.redirectLimit {
        let answer = try await WebhookExchange.post(body, to: target, timeout: timeout)
        guard let next = answer.redirect(from: target) else {
          let result = SendAttemptResult(status: answer.status)
          let error = result == .success ? nil : "the webhook answered \(answer.status)"
          return (answer.status, error, result)
        }
        guard visited.insert(next.absoluteString).inserted else { throw WebhookFailure.tooManyRedirects }
        target = next
      }
      throw WebhookFailure.tooManyRedirects
    } catch {
      let failure = WebhookFailure(error)
      return (nil, failure.description, SendAttemptResult(failure: failure))
    }
  }
}
