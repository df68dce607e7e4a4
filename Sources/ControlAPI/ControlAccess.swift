import AppleSigning
import Foundation
import HTTPTypes
import Hummingbird
import MockAppleCore
import MockAppleHTTP

/// The lock on the control API: with a control token configured, every request under
/// `/epsim/v1` (known route or not) needs `Authorization: Bearer <control token>`; anything
/// else, an App Store Server API JWT included, gets 401 with a JSON body saying so. The Apple
/// endpoints are not touched here: they keep their JWT rules (`ServerContext.admit`).
package struct ControlAccess: RouterMiddleware {
  package typealias Context = BasicRequestContext

  package let token: ControlToken
  package let state: MockAppleState

  /// The control API's path prefix.
  package static let prefix = "/epsim/v1"

  package init(token: ControlToken, state: MockAppleState) {
    self.token = token
    self.state = state
  }

  package static func isControlPath(_ path: String) -> Bool {
    path == prefix || path.hasPrefix(prefix + "/")
  }

  package func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard Self.isControlPath(request.uri.path) else { return try await next(request, context) }
    let authorization = request.headers[.authorization]
    if token.isBearer(of: authorization) { return try await next(request, context) }
    let why = Self.reason(authorization)
    // The reason names what was sent in general terms only: never the token, right or wrong.
    await state.noteRefusal("\(request.method) \(request.uri.path) refused (401): \(why)")
    var headers = HTTPFields()
    headers[.wwwAuthenticate] = "Bearer realm=\"epsim control API\""
    return JSONResponse.make(
      .unauthorized,
      ControlErrorBody(
        errorCode: GeneralErrorCode.unauthorized,
        errorMessage: "the control API needs its token: \(why)", fieldName: nil),
      headers: headers)
  }

  /// What was wrong with the `Authorization` header, for the refusal.
  package static func reason(_ authorization: String?) -> String {
    guard let authorization else {
      return
        "send Authorization: Bearer <control token> (the one given with --control-token or EPSIM_CONTROL_TOKEN)"
    }
    guard let credential = BearerCredential.of(authorization) else {
      return "the Authorization header must be 'Bearer <control token>'"
    }
    if credential.split(separator: ".", omittingEmptySubsequences: false).count == 3 {
      return "an App Store Server API JWT does not open the control API; send the control token"
    }
    return "the bearer token is not the control token"
  }
}
