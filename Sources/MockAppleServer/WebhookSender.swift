import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// POSTs `{"signedPayload": ...}` to the backend's notification URL, as Apple does.
struct WebhookSender: Sendable {
  let url: URL
  /// A receiver that does not answer within this many seconds counts as failed.
  var timeout: TimeInterval = 10

  func send(signedPayload: String) async -> (status: Int?, error: String?) {
    var request = URLRequest(url: url, timeoutInterval: timeout)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = try? JSONSerialization.data(withJSONObject: ["signedPayload": signedPayload])
    return await withCheckedContinuation { continuation in
      URLSession.shared.dataTask(with: request) { _, response, error in
        if let error { return continuation.resume(returning: (nil, error.localizedDescription)) }
        let status = (response as? HTTPURLResponse)?.statusCode
        let failed = status.map { !(200..<300).contains($0) } ?? true
        continuation.resume(
          returning: (status, failed ? "the webhook answered \(status.map(String.init) ?? "nothing")" : nil))
      }.resume()
    }
  }
}
