import Foundation
import Hummingbird
import JSONShield
import LifecycleSimulator
import MockAppleCore
import MockAppleHTTP
import SimulatedWorld

/// The one history through the control API: read its steps and head, and undo, redo or rewind,
/// judged by the server on its own simulation exactly as the terminal UI's `[`, `]` and history
/// dialog are (`WorldSimulation.move`). A move that names the `head` it saw is refused when the
/// history moved since; a step a backend made through Apple's API is never taken back.
package struct HistoryControlRoutes: Sendable {
  package let server: ServerContext

  package init(_ server: ServerContext) { self.server = server }

  /// `POST /epsim/v1/history`'s body.
  struct MoveBody: Decodable {
    var move: String
    var toStep: Int?
    var head: HistoryHead?
  }

  /// One step as `GET /epsim/v1/history` lists it.
  struct StepDocument: Encodable {
    var step: Int
    var summary: String
    var inEffect: Bool
    /// The door that made it: terminalUI, scenario, controlAPI, appleAPI, wallClock or unknown.
    var origin: StepOrigin
  }

  struct HistoryDocument: Encodable {
    var head: HistoryHead
    var steps: [StepDocument]
  }

  struct MovedDocument: Encodable {
    var from: Int
    var to: Int
    var head: HistoryHead
  }

  struct RefusalDocument: Encodable {
    var errorCode: Int64
    var errorMessage: String
    var reason: String
    var step: Int?
    var head: HistoryHead
  }

  package func register(on router: Router<BasicRequestContext>) {
    router.get("/epsim/v1/history") { _, _ in
      let simulation = await server.state.simulation
      let steps = (0..<simulation.stepCount).map { index in
        let position = index + 1
        return StepDocument(
          step: position, summary: simulation.summary(ofStep: position),
          inEffect: position <= simulation.position,
          origin: simulation.entry(position).origin)
      }
      return JSONResponse.make(.ok, HistoryDocument(head: simulation.head, steps: steps))
    }
    router.post("/epsim/v1/history") { request, _ in await move(request) }
  }

  private func move(_ request: Request) async -> Response {
    let body: MoveBody
    switch await LimitedRequestBody.data(of: request, limit: server.configuration.maximumBodyBytes) {
    case .failure(let failure): return LimitedRequestBody.response(for: failure)
    case .success(let data):
      do { body = try ShieldedJSON.decode(MoveBody.self, from: data) } catch {
        return JSONResponse.make(.badRequest, ControlErrorBody(decoding: error))
      }
    }
    let move: HistoryMove
    switch (body.move, body.toStep) {
    case ("undo", nil): move = .undo
    case ("redo", nil): move = .redo
    case ("rewind", let step?): move = .rewind(toStep: step)
    case ("rewind", nil):
      return Self.malformed("a rewind needs toStep, the steps to keep in effect", "toStep")
    case ("undo", _), ("redo", _): return Self.malformed("toStep goes with move rewind only", "toStep")
    default: return Self.malformed("move is undo, redo or rewind, not '\(body.move.prefix(40))'", "move")
    }
    let seen = body.head
    let (result, simulation) = await server.state.change { $0.move(move, seen: seen) }
    switch result {
    case .success(let moved):
      _ = try? await NotificationDispatcher(state: server.state).deliverDue()
      return JSONResponse.make(.ok, MovedDocument(from: moved.from, to: moved.to, head: moved.head))
    case .failure(let refusal):
      return JSONResponse.make(
        .conflict,
        RefusalDocument(
          errorCode: GeneralErrorCode.conflict,
          errorMessage: refusal.message { simulation.summary(ofStep: $0) }, reason: refusal.reason.rawValue,
          step: refusal.step, head: refusal.head))
    }
  }

  private static func malformed(_ message: String, _ field: String) -> Response {
    JSONResponse.make(
      .badRequest,
      ControlErrorBody(errorCode: GeneralErrorCode.malformedRequest, errorMessage: message, fieldName: field))
  }
}
