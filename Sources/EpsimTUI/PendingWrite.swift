import CommerceSimulation
import LifecycleSimulator
import SimulatedWorld

/// A file write the UI asked its host for, and what the status line says when it is done.
struct PendingWrite: Hashable, Sendable {
  /// Leads the error: "export to", "saving to".
  var failure: String
  /// Leads the path on success: "exported 3 tokens to".
  var success: String
  /// A saved session: the steps it holds, which then no longer count as unsaved.
  var savedSteps: [WorldStep]?
  /// Quit once the file is written (save from the quit prompt); a failure keeps the UI open.
  var quitsWhenDone = false
  /// The form that asked for the file, with the path as typed: it opens again when the host finds
  /// the path to be a folder (other failures leave the UI as it was, the status line says why).
  var form: Dialog?

  static func export(tokenCount: Int, form: Dialog? = nil) -> PendingWrite {
    PendingWrite(
      failure: "export to", success: "exported \(tokenCount) token\(tokenCount == 1 ? "" : "s") to",
      form: form)
  }
}
