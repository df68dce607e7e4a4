import ExternalPurchaseReports
import ExternalPurchaseTokens
import Foundation
import Hummingbird
import LifecycleSimulator
import MockAppleCore
import MockAppleHTTP
import SimulatedWorld

/// The control API for a backend's integration tests (docs/control-api.openapi.json): read the
/// world and its tokens, apply events, advance the virtual clock, read what was reported.
package struct ControlRoutes: Sendable {
  package let server: ServerContext

  package init(_ server: ServerContext) { self.server = server }

  package func register(on router: Router<BasicRequestContext>) {
    router.get("/epsim/v1/world") { _, _ in
      let (world, ledgers) = await snapshot()
      return JSONResponse.make(.ok, WorldDocument(world, ledgers: ledgers))
    }
    router.get("/epsim/v1/tokens") { _, _ in
      let (world, ledgers) = await snapshot()
      return JSONResponse.make(.ok, TokenDocument.all(in: world, ledgers: ledgers))
    }
    router.get("/epsim/v1/reports") { _, _ in
      let (_, ledgers) = await snapshot()
      return JSONResponse.make(.ok, ReportsDocument(ledgers: ledgers))
    }
    router.get("/epsim/v1/plan") { _, _ in
      JSONResponse.make(.ok, ReportPlanner().plan(for: await server.state.world))
    }
    router.post("/epsim/v1/events") { request, _ in await apply(request) }
    router.get("/epsim/v1/notifications") { _, _ in
      JSONResponse.make(.ok, await server.state.notifications.deliveries)
    }
    router.get("/epsim/v1/notifications/ca.pem") { _, _ in
      var headers = HTTPFields()
      headers[.contentType] = "application/x-pem-file"
      return Response(
        status: .ok, headers: headers,
        body: ResponseBody(byteBuffer: ByteBuffer(string: server.state.authority.rootPEM)))
    }
  }

  private func snapshot() async -> (WorldState, [ReportLedger]) {
    (await server.state.world, [await server.state.ledger(.production), await server.state.ledger(.sandbox)])
  }

  private func apply(_ request: Request) async -> Response {
    let command: WorldCommand
    switch await ControlCommandBody.command(of: request, limit: server.configuration.maximumBodyBytes) {
    case .refused(let refusal): return refusal
    case .command(.commerce(let step)):
      return JSONResponse.make(.badRequest, ControlCommandBody.wrongRoute(.commerce(step)))
    case .command(let decoded): command = decoded
    }
    do {
      // One turn of the actor for the step and everything its answer shows.
      let answered = try await server.state.applyAnswering(command)
      let notifications = try await NotificationDispatcher(state: server.state).deliverDue()
      var document = EventDocument(
        event: answered.event, outcome: answered.outcome, world: answered.world,
        before: answered.tokensBefore,
        ledgers: answered.ledgers)
      document.notifications = notifications
      return JSONResponse.make(.ok, document)
    } catch let error as SimulationError {
      return ControlCommandBody.refused(error.message)  // the engine refused
    } catch {
      return JSONResponse.error(.internalServerError, code: 5_000_000, "\(error)")
    }
  }
}

/// A control API error: what was wrong and, when known, the member at fault; an `Error` too, so a
/// failed read of a command can carry it to the route.
package struct ControlErrorBody: Encodable, Error {
  package var errorCode: Int64
  package var errorMessage: String
  package var fieldName: String?

  package init(errorCode: Int64, errorMessage: String, fieldName: String?) {
    self.errorCode = errorCode
    self.errorMessage = errorMessage
    self.fieldName = fieldName
  }

  /// From a JSON decoding failure, naming the member it stopped at.
  package init(decoding error: any Error) {
    errorCode = GeneralErrorCode.malformedRequest
    switch error {
    case DecodingError.keyNotFound(let key, _):
      errorMessage = "the event needs \(key.stringValue)"
      fieldName = key.stringValue
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
      DecodingError.dataCorrupted(let context):
      fieldName = context.codingPath.last?.stringValue
      errorMessage =
        fieldName.map { "\($0) has the wrong type or value: \(context.debugDescription)" }
        // The parser's own words say where (a number too large for any type, say).
        ?? "the body is not a JSON event object: \(context.debugDescription)"
    default:
      errorMessage = "the body is not a JSON event object"
      fieldName = nil
    }
  }
}

extension ControlErrorBody {
  /// 404 for a customer the App Store does not know, with its own code (not a report's).
  package static func unknownCustomer(_ id: String) -> Response {
    JSONResponse.make(
      .notFound,
      ControlErrorBody(
        errorCode: GeneralErrorCode.customerNotFound,
        errorMessage: "no App Store customer \(id) (customers join with their first purchase step)",
        fieldName: "customer"))
  }
}

/// Every accepted report, per environment, in the order accepted.
package struct ReportsDocument: Encodable {
  package var production: [ExternalPurchaseReport]
  package var sandbox: [ExternalPurchaseReport]

  package init(ledgers: [ReportLedger]) {
    func reports(_ environment: TokenEnvironment) -> [ExternalPurchaseReport] {
      guard let ledger = ledgers.first(where: { $0.environment == environment }) else { return [] }
      return ledger.order.compactMap { ledger.reports[$0] }
    }
    production = reports(.production)
    sandbox = reports(.sandbox)
  }
}
