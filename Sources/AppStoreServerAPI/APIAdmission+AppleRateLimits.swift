import HTTPTypes
import Hummingbird
import MockAppleHTTP

extension ServerContext {
  /// `admit`, then Apple's own limit for the endpoint when `--apple-rate-limits` asks for it: 429
  /// with `Retry-After` (UNIX milliseconds, SPEC-APPSTORE 4.2).
  package func admit(_ request: Request, _ endpoint: AppStoreEndpoint, sandbox: Bool, rates: AppleRateCounter)
    async
    -> Response?
  {
    if let refusal = await admit(request) { return refusal }
    guard let limits = configuration.appleRateLimits,
      let retryAt = rates.admit(endpoint, sandbox: sandbox, limits: limits, now: configuration.clock())
    else { return nil }
    var response = AppStoreAPIError.rateLimited(endpoint).response
    response.headers[HTTPField.Name("Retry-After")!] = String(retryAt)
    return response
  }
}
