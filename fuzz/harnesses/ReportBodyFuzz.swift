import ExternalPurchaseReports
import ExternalPurchaseTokens
import Foundation
import LifecycleSimulator
import ScenarioLanguage

/// The world every input is checked against: a production customer with ACQUISITION and a
/// SERVICES period that has a refreshed token, so DUPLICATE_TOKEN and line item rules have
/// something to bite on. Built once; the scenario is the one `fuzz/run` seeds from.
let reportWorld: WorldState = {
  let text = """
    environment production
    app com.example.shop id 1234567890 version 1.0 custom-link-regions nl
    device alice.iphone iOS 18.2 storefront nl
    install alice.iphone
    request SERVICES on alice.iphone
    force-refresh
    request SERVICES on alice.iphone
    request ACQUISITION on alice.iphone
    advance 30d
    """
  guard let scenario = try? ScenarioParser.parse(text, file: "fuzz-world.epsim") else {
    preconditionFailure("the fuzz world's scenario no longer parses")
  }
  return ScenarioRunner(seedOverride: nil).runKeepingWorld(scenario, file: "fuzz-world.epsim").world
}()

/// libFuzzer entry point for what `PUT /externalPurchase/v1/reports` does with a request body:
/// parse it, validate it against the world, and record it in the ledger when it is accepted.
///
/// Besides "no crash": a refusal names at least one error, and an accepted body sent again with
/// the same requestIdentifier is answered as a resend without changing the ledger.
@_cdecl("LLVMFuzzerTestOneInput")
public func reportBodyFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let body = Data(UnsafeBufferPointer(start: data, count: size))
  var ledger = ReportLedger(environment: .production)
  let verdict = ledger.submit(body: body, world: reportWorld)
  switch verdict {
  case .rejected(let errors):
    precondition(!errors.isEmpty, "a report was refused without a reason")
    _ = errors.map { String(describing: $0) }
  case .accepted:
    let before = ledger
    let again = ledger.submit(body: body, world: reportWorld)
    guard case .resent = again else {
      preconditionFailure("an accepted report was not a resend when sent again: \(again)")
    }
    precondition(ledger == before, "a resend changed the ledger")
  case .resent:
    preconditionFailure("a fresh ledger answered with a resend")
  }
  return 0
}
