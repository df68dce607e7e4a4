import AppStoreCommerce
import AppleWireTypes
import ExternalPurchaseTokens
import Foundation
import LifecycleSimulator
import Testing

@testable import ScenarioLanguage

/// An expectation language where a statement and its opposite can both hold catches nothing.
/// Each expectation of every example is replaced by contradicting ones; each replacement must fail.
@Suite("Flipped expectations fail")
struct FlippedExpectationTests {
  @Test func everyFlippedExpectationOfEveryExampleFails() throws {
    var flips = 0
    for file in try TestFiles.scenarios(in: TestFiles.examples) {
      let name = TestFiles.relative(file)
      let scenario = try ScenarioParser.parse(try TestFiles.text(file), file: name)
      var answer: AnswerKind?
      for (index, statement) in scenario.statements.enumerated() {
        if statement.kind.isStepOnly, statement.kind != .expect { answer = statement.kind.answer }
        for (position, expectation) in statement.expectations.enumerated() {
          for flipped in Self.contradictions(of: expectation.kind, answer: answer) {
            var changed = scenario
            changed.statements[index].expectations[position].kind = flipped
            let transcript = ScenarioRunner().run(changed, file: name)
            let record = transcript.expectations.first { $0.location == expectation.location }
            let flippedText = ScenarioWriter.expectation(flipped)
            let originalText = ScenarioWriter.expectation(expectation.kind)
            #expect(
              record?.status == .failed,
              "\(name):\(expectation.location.line): '\(flippedText)' in place of '\(originalText)' did not fail"
            )
            let filePassed = transcript.passed
            #expect(!filePassed, "\(name) passed with '\(flippedText)'")
            // The flipped file is a valid file: written out and read back, it is the same scenario.
            #expect(try ScenarioParser.parse(ScenarioWriter.write(changed), file: name) == changed)
            flips += 1
          }
        }
      }
    }
    #expect(flips > 200, "the examples hold \(flips) flips")
  }

  /// Expectations that cannot hold together with `kind` on the same answer or world.
  static func contradictions(of kind: ExpectationKind, answer: AnswerKind?) -> [ExpectationKind] {
    switch kind {
    case .token:
      return answer == .tokenRequest ? [.nothing, .notEligible(reason: nil)] : [.notEligible(reason: nil)]
    case .nothing: return [.token, .notEligible(reason: nil), .newPeriod, .samePeriod]
    case .eligible: return [.notEligible(reason: nil)]
    case .notEligible(let reason):
      var kinds: [ExpectationKind] = [answer == .eligibility ? .eligible : .token]
      if answer == .tokenRequest { kinds += [.nothing, .newPeriod, .samePeriod] }
      if let reason { kinds.append(.notEligible(reason: IneligibilityCodes.all.first { $0 != reason })) }
      return kinds
    case .newPeriod: return [.samePeriod, .nothing, .sameId, .refreshedId]
    case .samePeriod: return [.newPeriod, .nothing]
    case .sameId: return [.refreshedId, .newPeriod]
    case .refreshedId: return [.sameId, .newPeriod]
    case .field(let field, let value): return [.field(field, otherValue(value, of: field))]
    case .url(let url): return [.url(url + "x")]
    case .environment(let environment):
      return [.environment(environment == .sandbox ? .production : .sandbox)]
    case .state(let type, let state, let customer):
      return PeriodState.allCases.filter { $0 != state }.map {
        .state(type: type, state: $0, customer: customer)
      }
    case .periodCount(let type, let count, let customer):
      return [.periodCount(type: type, count: count + 1, customer: customer)]
    case .tokenCount(let type, let count, let customer):
      return [.tokenCount(type: type, count: count + 1, customer: customer)]
    case .now(let time): return [.now(time + 1)]
    case .subscriptionStatus(let group, let status, let customer):
      return SubscriptionStatus.allCases.filter { $0 != status }.map {
        .subscriptionStatus(group: group, status: $0, customer: customer)
      }
    case .chainLength(let group, let count, let customer):
      return [.chainLength(group: group, count: count + 1, customer: customer)]
    case .renewalField(let group, let field, let value, let customer):
      return [.renewalField(group: group, field: field, value: value + "x", customer: customer)]
    case .notification(let text):
      return text == "none"
        ? [.notification("DID_RENEW"), .notification("EXPIRED")] : [.notification("none")]
    case .transactionField(let field, let value): return [.transactionField(field: field, value: value + "x")]
    }
  }

  static func otherValue(_ value: FieldValue, of field: TokenField) -> FieldValue {
    switch value {
    case .integer(let number): return .integer(number + 1)
    case .text(let text) where field == .tokenType:
      return .text(CustomLinkTokenType.allCases.map(\.rawValue).first { $0 != text }!)
    case .text(let text): return .text(text + "x")
    case .absent: return field == .tokenType ? .text("SERVICES") : .integer(0)
    }
  }
}

/// `new period`, `same period` and `nothing` are defined by one thing, the period, so exactly
/// one holds for every answer `token(for:)` gives (none for a throw).
@Suite("Exactly one of new period, same period, nothing")
struct PeriodExpectationExclusivityTests {
  static let three: [ExpectationKind] = [.newPeriod, .samePeriod, .nothing]

  /// Every request of every example, with the three expectations in place of its own.
  @Test func exactlyOneHoldsForEveryRequestOfTheExamples() throws {
    var checked = 0
    for file in try TestFiles.scenarios(in: TestFiles.examples) {
      let name = TestFiles.relative(file)
      checked += try Self.check(ScenarioParser.parse(try TestFiles.text(file), file: name), name: name)
    }
    #expect(checked > 50)
  }

  /// The case: two IN_APP requests in the same millisecond make two periods with the
  /// same dates; the second answer is a new period and not the same period.
  @Test func twoPeriodsWithTheSameDatesAreNotTheSamePeriod() throws {
    let source = """
      environment sandbox
      app com.example id 1 
      entitlement allowed-regions jp
      device kenji.iphone iOS 26.4 storefront jp
      install kenji.iphone
      request IN_APP on kenji.iphone  expect new period
      request IN_APP on kenji.iphone  expect new period and field tokenCreationDate = 2026-03-01T09:00:00Z
      request IN_APP on kenji.iphone  expect same period
      request LINK_OUT on kenji.iphone  expect same period
      request SERVICES on kenji.iphone  expect nothing
      """
    let transcript = try run(source)
    #expect(transcript.statuses == [.passed, .passed, .passed, .failed, .failed, .failed])
    #expect(transcript.failedExpectations[0].actual == "IN_APP period 3 of kenji")
    #expect(
      transcript.failedExpectations[0].expected == "the previous answer's period (IN_APP period 2 of kenji)")
    #expect(try Self.check(ScenarioParser.parse(source, file: "test.epsim"), name: "test.epsim") == 5)
  }

  /// Replaces each request's expectations by the three and checks exactly one passed for each
  /// token or nil answer; returns how many requests were checked.
  static func check(_ scenario: Scenario, name: String) throws -> Int {
    var changed = scenario
    for index in changed.statements.indices where changed.statements[index].kind.answer == .tokenRequest {
      changed.statements[index].expectations = three.map { Expectation($0) }
    }
    let transcript = ScenarioRunner().run(changed, file: name)
    var checked = 0
    for entry in transcript.entries
    where entry.expectations.count == 3 && entry.statement.hasPrefix("request ") {
      let held = entry.expectations.filter { $0.status == .passed }.count
      if case .notEligible = entry.result {
        #expect(held == 0, "\(name):\(entry.location.line): a throw satisfies none")
      } else {
        #expect(held == 1, "\(name):\(entry.location.line): \(entry.expectations.map(\.status))")
      }
      checked += 1
    }
    return checked
  }
}
