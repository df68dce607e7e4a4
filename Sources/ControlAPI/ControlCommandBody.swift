import Foundation
import Hummingbird
import JSONShield
import MockAppleHTTP
import WorldCommands

/// Reads a control request's body as a `WorldCommand`: the one decoder of both control routes,
/// so `/epsim/v1/events` and `/epsim/v1/commerce/events` read every member the same way.
package enum ControlCommandBody {
  /// The command, or the 400 that says which member is wrong.
  package static func command(from body: Data) -> Result<WorldCommand, ControlErrorBody> {
    let fields: CommandFields
    do {
      fields = try ShieldedJSON.decode(CommandFields.self, from: body)
    } catch {
      return .failure(ControlErrorBody(decoding: error))
    }
    do throws(CommandFieldError) {
      return .success(try WorldCommand(fields: fields))
    } catch {
      return .failure(
        ControlErrorBody(
          errorCode: GeneralErrorCode.malformedRequest, errorMessage: error.message, fieldName: error.field))
    }
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
