import ExternalPurchaseReports
import ExternalPurchaseTokens
import Foundation
import HTTPTypes
import Hummingbird
import MockAppleCore
import MockAppleHTTP

/// The mock External Purchase Server API (SPEC 7): `PUT /externalPurchase/v1/reports` and
/// `GET /externalPurchase/v1/reports/{requestIdentifier}`. Production answers at the root,
/// sandbox under `/sandbox`, each with its own ledger, as Apple's two hosts are apart.
package struct ReportRoutes: Sendable {
  package let server: ServerContext

  package init(_ server: ServerContext) { self.server = server }

  package func register(on router: Router<BasicRequestContext>) {
    for (prefix, environment) in AppleHosts.prefixes {
      router.put("\(prefix)/externalPurchase/v1/reports") { request, _ in
        await send(request, environment: environment)
      }
      router.get("\(prefix)/externalPurchase/v1/reports/:requestIdentifier") { request, context in
        await retrieve(
          request, id: context.parameters.get("requestIdentifier") ?? "", environment: environment)
      }
    }
  }

  /// Authentication, then the rate limit: the checks every Apple endpoint makes first.
  private func admission(_ request: Request) async -> Response? {
    await server.admit(request)
  }

  private func send(_ request: Request, environment: TokenEnvironment) async -> Response {
    if let refusal = await admission(request) { return refusal }
    let body: Data
    switch await LimitedRequestBody.data(of: request, limit: server.configuration.maximumBodyBytes) {
    case .failure(let failure): return LimitedRequestBody.response(for: failure)
    case .success(let data): body = data
    }
    let report: ExternalPurchaseReport
    switch ReportBodyParser.parse(body) {
    case .failure(let unusable):
      let errors = await server.state.errors(for: unusable, environment: environment)
      await server.state.noteRefusal(
        "report refused (400): " + errors.map(\.description).joined(separator: "; "))
      return JSONResponse.make(.badRequest, ReportErrorResponse(errors: errors))
    case .success(let parsed): report = parsed
    }
    switch await server.state.submit(report, environment: environment) {
    case .accepted(let report), .resent(let report):
      return JSONResponse.make(.ok, SendReportResponse(requestIdentifier: report.requestIdentifier))
    case .rejected(let errors):
      await server.state.noteRefusal(
        "report \(report.status.rawValue) (\(environment.rawValue)) refused (400): "
          + errors.map(\.description).joined(separator: "; "), externalPurchaseId: report.externalPurchaseId)
      return JSONResponse.make(.badRequest, ReportErrorResponse(errors: errors))
    }
  }

  private func retrieve(_ request: Request, id: String, environment: TokenEnvironment) async -> Response {
    if let refusal = await admission(request) { return refusal }
    guard let report = await server.state.report(id, environment: environment) else {
      return JSONResponse.error(
        .notFound, code: GeneralErrorCode.reportNotFound,
        "no accepted \(environment.rawValue) report has requestIdentifier \(id)")
    }
    return JSONResponse.make(.ok, report)
  }
}

/// The 200 answer to a report.
package struct SendReportResponse: Codable {
  package var requestIdentifier: String
}
