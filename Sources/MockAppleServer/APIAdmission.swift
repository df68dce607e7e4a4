import Foundation
import HTTPTypes
import Hummingbird

/// The checks every Apple endpoint makes before anything else: the bearer JWT, then the
/// server-wide `--rate-limit`.
struct APIAdmission: Sendable {
  let state: MockAppleState
  let configuration: ServerConfiguration

  /// Nil when the request may go on; otherwise the 401 or 429 answer.
  func check(_ request: Request) async -> Response? {
    let now = configuration.clock()
    let authorization = request.headers[.authorization]
    // The control token opens the control API only, whatever it looks like.
    var failure: AuthenticationFailure?
    if configuration.controlToken?.isBearer(of: authorization) == true {
      failure = AuthenticationFailure(
        "the control token opens /epsim/v1 only; Apple's endpoints need an App Store Server API JWT")
    } else if case .failure(let refused) = configuration.verifier.verify(
      authorization: authorization, now: now)
    {
      failure = refused
    }
    if let failure {
      await state.noteRefusal("\(request.method) \(request.uri.path) refused (401): \(failure.reason)")
      var headers = HTTPFields()
      headers[HTTPField.Name("epsim-auth-error")!] = failure.reason
      return Response(status: .unauthorized, headers: headers)
    }
    if let limit = configuration.rateLimitPerSecond, !(await state.admit(limitPerSecond: limit, now: now)) {
      await state.noteRefusal("\(request.method) \(request.uri.path) refused (429): rate limit exceeded")
      return JSONResponse.error(
        .tooManyRequests, code: GeneralErrorCode.rateLimitExceeded, "Rate limit exceeded.")
    }
    return nil
  }

  /// `check`, then Apple's own limit for the endpoint when `--apple-rate-limits` asks for it: 429
  /// with `Retry-After` (UNIX milliseconds, SPEC-APPSTORE 4.2).
  func check(_ request: Request, _ endpoint: AppStoreEndpoint, sandbox: Bool, rates: AppleRateCounter) async
    -> Response?
  {
    if let refusal = await check(request) { return refusal }
    guard let limits = configuration.appleRateLimits,
      let retryAt = rates.admit(endpoint, sandbox: sandbox, limits: limits, now: configuration.clock())
    else { return nil }
    var response = AppStoreAPIError.rateLimited(endpoint).response
    response.headers[HTTPField.Name("Retry-After")!] = String(retryAt)
    return response
  }
}
