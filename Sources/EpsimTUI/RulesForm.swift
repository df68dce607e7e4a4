import ExternalPurchaseTokens
import Foundation
import LifecycleSimulator

/// The rules dialog: every setting of `LifecycleRules`, with the environment choice acting as
/// a preset switch (picking it refills the fields with that environment's preset).
enum RulesForm {
  static let environments = ["sandbox", "production"]
  static let creations = PeriodCreation.allCases.map(\.rawValue)
  static let renewals = ServicesRenewal.allCases.map(\.rawValue)
  static let policies = ["never", "always", "every Nth", "probability"]
  static let onOff = ["on", "off"]
  static let typedTypes = TypedTokenTypes.allowed.map(\.rawValue)
  static let lifetimeFields: [(name: String, type: CustomLinkTokenType)] = [
    ("acquisition", .acquisition), ("services", .services), ("inApp", .inApp), ("linkOut", .linkOut),
  ]

  static func dialog(rules: LifecycleRules) -> Dialog {
    Dialog(
      kind: .rules,
      form: Form(
        title: "Rules",
        note: "Picking an environment loads its preset; then change any field. The environment can change"
          + " only before the first token (W starts a new world).",
        fields: fields(for: rules)))
  }

  static func fields(for rules: LifecycleRules) -> [FormField] {
    let (policy, parameter): (Int, String)
    switch rules.refreshPolicy {
    case .never: (policy, parameter) = (0, "")
    case .always: (policy, parameter) = (1, "")
    case .everyNth(let n): (policy, parameter) = (2, String(n))
    case .probability(let p): (policy, parameter) = (3, String(p))
    }
    let lifecycle: [FormField] = [
      .choice("environment", "Environment", environments, selected: rules.environment == .sandbox ? 0 : 1),
      .choice(
        "creation", "First periods start on", creations,
        selected: creations.firstIndex(of: rules.creation.rawValue) ?? 0),
      .choice(
        "renewal", "New SERVICES period on", renewals,
        selected: renewals.firstIndex(of: rules.servicesRenewal.rawValue) ?? 0),
    ]
    let lifetimes: [FormField] = lifetimeFields.map { field in
      FormField.text(
        field.name, "\(field.type.rawValue) lifetime", DurationText.format(rules.lifetimes[field.type]))
    }
    let behaviour: [FormField] = [
      .choice("refresh", "Refreshed tokens", policies, selected: policy),
      .text("parameter", "N or probability", parameter, hint: "N or p"),
      .choice("osGating", "OS version gating", onOff, selected: rules.osGating ? 0 : 1),
      .choice("eligibility", "Eligibility checks", onOff, selected: rules.eligibilityChecks ? 0 : 1),
      .choice("typeRegions", "Type region gating", onOff, selected: rules.typeRegionGating ? 0 : 1),
      .choice(
        "creationNeedsEligibility", "Eligible creation only", onOff,
        selected: rules.creationNeedsEligibility ? 0 : 1),
      .choice("brazil", "Brazil IN_APP/LINK_OUT", onOff, selected: rules.perTransactionInBrazil ? 0 : 1),
      .choice(
        "sheetPayments", "Sheet/link: payments", onOff, selected: rules.sheetAndLinkNeedPayments ? 0 : 1),
    ]
    return lifecycle + lifetimes + behaviour + typedRequestFields(for: rules)
  }

  /// The settings of the typed `token(for:)` of 27.2 (SPEC 5), both epsim assumptions.
  private static func typedRequestFields(for rules: LifecycleRules) -> [FormField] {
    [
      .choice("stringForm", "String form on 27.2+", onOff, selected: rules.stringFormAnswers ? 0 : 1)
    ]
      + TypedTokenRequest.allCases.map { request in
        .choice(
          request.rawValue, "\(request.rawValue) tokenType", typedTypes,
          selected: typedTypes.firstIndex(of: rules.typedTokenTypes[request].rawValue) ?? 0)
      }
  }

  /// Reloads every field from the preset of the chosen environment, keeping the focus.
  static func loadPreset(into form: inout Form) {
    let environment: TokenEnvironment = form.choiceIndex("environment") == 1 ? .production : .sandbox
    form.fields = fields(for: .preset(environment))
  }

  /// The rules the form describes, or what is wrong with it.
  static func rules(from form: Form) -> Result<LifecycleRules, FormError> {
    var lifetimes = TokenLifetimes(all: 0)
    for field in lifetimeFields {
      do throws(DurationText.ParseError) {
        let value = try DurationText.parse(form.value(field.name))
        guard StepLimits.lifetime.range.contains(value) else {
          return .failure(
            FormError("\(field.type.rawValue) lifetime: expected \(StepLimits.lifetime.expected)"))
        }
        lifetimes[field.type] = value
      } catch {
        return .failure(FormError("\(field.type.rawValue) lifetime: \(error.message)"))
      }
    }
    let parameter = form.value("parameter").trimmingCharacters(in: .whitespaces)
    let policy: RefreshPolicy
    switch form.choiceIndex("refresh") ?? 0 {
    case 1: policy = .always
    case 2:
      guard let n = Int(parameter), StepLimits.refreshInterval.range.contains(n) else {
        return .failure(
          FormError(
            "every Nth: expected \(StepLimits.refreshInterval.expected), found \(TypedValue.quoted(parameter))"
          ))
      }
      policy = .everyNth(n)
    case 3:
      guard let p = Double(parameter), (0...1).contains(p) else {
        return .failure(
          FormError("probability needs a number from 0 to 1 (got \(TypedValue.quoted(parameter)))"))
      }
      policy = .probability(p)
    default: policy = .never
    }
    return .success(
      LifecycleRules(
        environment: form.choiceIndex("environment") == 1 ? .production : .sandbox,
        creation: PeriodCreation(rawValue: form.value("creation")) ?? .onFirstRequest,
        servicesRenewal: ServicesRenewal(rawValue: form.value("renewal")) ?? .onRequest,
        lifetimes: lifetimes, refreshPolicy: policy,
        osGating: form.choiceIndex("osGating") == 0,
        eligibilityChecks: form.choiceIndex("eligibility") == 0,
        typeRegionGating: form.choiceIndex("typeRegions") == 0,
        creationNeedsEligibility: form.choiceIndex("creationNeedsEligibility") == 0,
        perTransactionInBrazil: form.choiceIndex("brazil") == 0,
        sheetAndLinkNeedPayments: form.choiceIndex("sheetPayments") == 0,
        stringFormAnswers: form.choiceIndex("stringForm") == 0,
        typedTokenTypes: TypedTokenTypes(
          withinApp: TypedTokenTypes.allowed[form.choiceIndex("withinApp") ?? 0],
          outOfApp: TypedTokenTypes.allowed[form.choiceIndex("outOfApp") ?? 1])))
  }
}

/// A validation message for a form.
struct FormError: Error, Hashable, Sendable {
  var message: String
  init(_ message: String) { self.message = message }
}
