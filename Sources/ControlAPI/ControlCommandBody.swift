import AppleSigning
import Foundation
import Hummingbird
import JSONShield
import MockAppleHTTP
import SimulatedWorld

/// Reads a control request's body as a `WorldCommand`: the one decoder of both control routes,
/// so `/epsim/v1/events` and `/epsim/v1/commerce/events` read every member the same way.
package enum ControlCommandBody {
  /// The command, or the 400 that says which member is wrong. With `eligibility`, a `buy`'s
  /// signed `introductoryOfferEligibility` is verified and its claim kept in the step.
  package static func command(
    from body: Data, eligibility: IntroductoryOfferEligibilityVerifier? = nil, now: Date = Date()
  ) -> Result<WorldCommand, ControlErrorBody> {
    var fields: CommandFields
    do {
      fields = try ShieldedJSON.decode(CommandFields.self, from: body)
    } catch {
      return .failure(ControlErrorBody(decoding: error))
    }
    if let eligibility, let signed = fields.introductoryOfferEligibility {
      switch claim(of: signed, in: fields, eligibility: eligibility, now: now) {
      case .failure(let error): return .failure(error)
      case .success(let claim):
        fields.allowIntroductoryOffer = claim
        fields.introductoryOfferEligibility = nil
      }
    }
    do throws(CommandFieldError) {
      return .success(try WorldCommand(fields: fields))
    } catch {
      return .failure(
        ControlErrorBody(
          errorCode: GeneralErrorCode.malformedRequest, errorMessage: error.message, fieldName: error.field))
    }
  }

  /// The claim of a signed option on a `buy`, or the 400 naming `introductoryOfferEligibility`.
  private static func claim(
    of signed: String, in fields: CommandFields, eligibility: IntroductoryOfferEligibilityVerifier, now: Date
  ) -> Result<Bool, ControlErrorBody> {
    func refusal(_ message: String) -> ControlErrorBody {
      ControlErrorBody(
        errorCode: GeneralErrorCode.malformedRequest,
        errorMessage: "introductoryOfferEligibility: " + message,
        fieldName: "introductoryOfferEligibility")
    }
    guard fields.type == "buy" else { return .failure(refusal("only a buy carries a signed option")) }
    guard fields.allowIntroductoryOffer == nil else {
      return .failure(refusal("give it or allowIntroductoryOffer, not both: both say the same thing"))
    }
    switch eligibility.claim(signed, productId: fields.product ?? "", now: now) {
    case .failure(let failure): return .failure(refusal(failure.reason))
    case .success(let claim): return .success(claim)
    }
  }

  /// The command in the request's body, read within `limit` bytes, or the answer refusing it:
  /// 413 for a body too large, 400 for one that is no command.
  package static func command(
    of request: Request, limit: Int, eligibility: IntroductoryOfferEligibilityVerifier? = nil,
    now: Date = Date()
  ) async -> Reading {
    switch await LimitedRequestBody.data(of: request, limit: limit) {
    case .failure(let failure): return .refused(LimitedRequestBody.response(for: failure))
    case .success(let body):
      switch command(from: body, eligibility: eligibility, now: now) {
      case .failure(let error): return .refused(JSONResponse.make(.badRequest, error))
      case .success(let command): return .command(command)
      }
    }
  }

  /// What reading a control request gives: its command, or the answer that refuses it.
  package enum Reading {
    case command(WorldCommand)
    case refused(Response)
  }

  /// The 409 for a command the engine refused, which changed nothing.
  package static func refused(_ message: String) -> Response {
    JSONResponse.make(
      .conflict, ControlErrorBody(errorCode: GeneralErrorCode.conflict, errorMessage: message, fieldName: nil)
    )
  }

  /// The 400 for a command sent to the other route: purchases answer with App Store events,
  /// world commands with the world's.
  package static func wrongRoute(_ command: WorldCommand) -> ControlErrorBody {
    let isPurchase = if case .commerce = command { true } else { false }
    return ControlErrorBody(
      errorCode: GeneralErrorCode.malformedRequest,
      errorMessage: isPurchase
        ? "a purchase step goes to POST /epsim/v1/commerce/events"
        : "\(command.fields.type) goes to POST /epsim/v1/events; this route takes purchase steps",
      fieldName: "type")
  }
}
