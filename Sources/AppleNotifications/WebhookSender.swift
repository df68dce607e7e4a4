import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// POSTs `{"signedPayload": ...}` to the backend's notification URL, as Apple does.
package struct WebhookSender: Sendable {
  package let url: URL
  /// A receiver that does not answer within this many seconds counts as failed (`TIMED_OUT`).
  package var timeout: TimeInterval = 10

  package init(url: URL, timeout: TimeInterval = 10) {
    self.url = url
    self.timeout = timeout
  }

  package func send(signedPayload: String) async -> (status: Int?, error: String?, result: SendAttemptResult)
  {
    var request = URLRequest(url: url, timeoutInterval: timeout)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = try? JSONSerialization.data(withJSONObject: ["signedPayload": signedPayload])
    return await withCheckedContinuation { continuation in
      URLSession.shared.dataTask(with: request) { _, response, error in
        if let error {
          return continuation.resume(
            returning: (nil, error.localizedDescription, SendAttemptResult(failure: error)))
        }
        let status = (response as? HTTPURLResponse)?.statusCode
        let result = SendAttemptResult(status: status)
        continuation.resume(
          returning: (
            status, result == .success ? nil : "the webhook answered \(status.map(String.init) ?? "nothing")",
            result
          ))
      }.resume()
    }
  }
}
