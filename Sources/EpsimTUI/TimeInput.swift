import LifecycleSimulator
import SimulatedWorld

/// Reads the time typed into "go to time": an ISO 8601 UTC time, UNIX milliseconds, or a
/// `+duration` from now; the clock move is the command's, as a scenario's `advance` line gives it.
enum TimeInput {
  static func target(from text: String) -> Result<ClockMove, FormError> {
    let text = String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    guard !text.isEmpty else {
      return .failure(FormError("type a time: 2026-03-01T10:00:00.000Z, 1772359200000 or +1h"))
    }
    if text.hasPrefix("+") {
      do throws(DurationText.ParseError) {
        return .success(.by(try DurationText.parse(String(text.dropFirst()))))
      } catch {
        return .failure(FormError("time: after '+' at character \(error.offset + 2): \(error.message)"))
      }
    }
    if text.allSatisfy({ $0.isASCII && $0.isNumber }) {
      guard let millis = Int64(text), StepLimits.time.range.contains(millis) else {
        return .failure(
          FormError("time in epoch ms \(TypedValue.quoted(text)): expected \(StepLimits.time.expected)"))
      }
      return .success(.to(millis))
    }
    guard let time = ISOTime.parse(text) else {
      if let problem = ISOTime.problem(text) {
        return .failure(FormError("time \(TypedValue.quoted(text)) is no moment: \(problem)"))
      }
      return .failure(
        FormError(
          "time \(TypedValue.quoted(text)) is not YYYY-MM-DDTHH:MM:SS[.mmm]Z (UTC), epoch ms or +duration"))
    }
    guard StepLimits.time.range.contains(time) else {
      return .failure(FormError("time \(TypedValue.quoted(text)): expected \(StepLimits.time.expected)"))
    }
    return .success(.to(time))
  }
}
