import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One HTTP exchange with a test's server: a JSON body and an `Authorization` header when given.
public enum LoopbackHTTP {
  /// Sends the request and answers the response (nil when it is not HTTP) and its body.
  public static func exchange(
    _ method: String, _ url: URL, body: Data? = nil, authorization: String? = nil
  ) async throws -> (response: HTTPURLResponse?, body: Data) {
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.httpBody = body
    if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
    if let authorization { request.setValue(authorization, forHTTPHeaderField: "Authorization") }
    return try await withCheckedThrowingContinuation { continuation in
      URLSession.shared.dataTask(with: request) { data, response, error in
        if let error { return continuation.resume(throwing: error) }
        continuation.resume(returning: (response as? HTTPURLResponse, data ?? Data()))
      }.resume()
    }
  }
}
