import AppleSigning
import Foundation
import HTTPTypes
import Hummingbird
import MockAppleCore

/// The checks every Apple endpoint makes before anything else: the bearer JWT, then the
/// server-wide `--rate-limit`.
extension ServerContext {
  /// Nil when the request may go on; otherwise the 401 or 429 answer.
  package func admit(_ request: Request) async -> Response? {
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
}
