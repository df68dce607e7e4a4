import AppStoreCommerce
import CommerceSimulation
import ExternalPurchaseTokens
import Foundation
import LifecycleSimulator
import SimulatedWorld

/// What a submitted dialog asks for, read from its form alone: the root applies it to the
/// simulation (or asks the host to write a file) and, on a refusal, keeps the dialog open.
enum DialogRequest: Sendable {
  /// World commands, the same a scenario line or a control API request gives, as one step; on
  /// success the world pane selects `select`.
  case commands([WorldCommand], select: WorldRow?)
  /// New lifecycle rules.
  case rules(LifecycleRules)
  /// The clock to a time.
  case moveClock(ClockMove)
  /// The world's tokens as JSON to `path`.
  case export(path: String)
  /// The session as a scenario to `path`; `thenQuit` ends the session once it is written.
  case saveScenario(path: String, thenQuit: Bool)
  /// A fresh simulation on the initial world's customers and devices.
  case newWorld(FreshStart)
  /// App Store steps, each a step of history, applied in order until one is refused. `device`:
  /// a purchase's device, which the world pane selects (with the purchases shown) on success.
  case purchases([CommerceStep], device: String?)
  /// Nothing to change; the status line says `message`.
  case unchanged(String)
  /// `value` to the clipboard; `name` says which id it is.
  case copy(name: String, value: String)
}

extension Dialog {
  /// What the form asks for, or what is wrong with it. `world` and `store` are read only, for
  /// the device being edited and the App Store's settings.
  func request(world: WorldState, store: CommerceWorld) -> Result<DialogRequest, FormError> {
    switch kind {
    case .addCustomer:
      let id = form.value("id")
      return .success(
        .commands(
          [.customer(id: id, canMakePayments: form.choiceIndex("payments") == 0)], select: .customer(id)))
    case .addDevice: return Self.addDevice(from: form)
    case .editDevice(let deviceId): return Self.editDevice(deviceId, from: form, world: world)
    case .rules: return RulesForm.rules(from: form).map(DialogRequest.rules)
    case .goToTime: return TimeInput.target(from: form.value("time")).map(DialogRequest.moveClock)
    case .export:
      return Self.path(in: form, example: Dialogs.exportFile).map { .export(path: $0) }
    case .saveScenario(let thenQuit):
      return Self.path(in: form, example: Dialogs.scenarioFile).map {
        .saveScenario(path: $0, thenQuit: thenQuit)
      }
    case .newWorld: return Self.freshStart(from: form).map(DialogRequest.newWorld)
    case .buy: return Self.buyStep(from: form).map { .purchases([$0], device: form.value("device")) }
    case .changeProduct(let customer, _):
      return .success(.purchases([.change(customer: customer, product: form.value("product"))], device: nil))
    case .storeSettings:
      return StoreSettingsForm.settings(from: form, store: store).map { settings in
        settings.isEmpty
          ? .unchanged("App Store settings unchanged")
          : .purchases(settings.map { .setting($0) }, device: nil)
      }
    case .copyId:
      // Each option reads "NAME VALUE".
      let chosen = form.value("id").split(separator: " ", maxSplits: 1).map(String.init)
      guard chosen.count == 2 else { return .failure(FormError("pick an id to copy")) }
      return .success(.copy(name: chosen[0], value: chosen[1]))
    }
  }

  /// The form's file path, unless it is blank or plainly a folder (`.`, `out/`); whether any
  /// other path is a folder only the host can tell (`TUIEvent.pathIsFolder`).
  private static func path(in form: Form, example: String) -> Result<String, FormError> {
    let path = form.value("path")
    if path.allSatisfy({ $0 == " " }) { return .failure(FormError("type a file path, e.g. \(example)")) }
    let last = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    if ["", ".", ".."].contains(last) { return .failure(folderError(path, example: example)) }
    return .success(path)
  }

  /// The file name a file form suggests (its default), or nil for a form that writes no file.
  var exampleFile: String? {
    switch kind {
    case .export: Dialogs.exportFile
    case .saveScenario: Dialogs.scenarioFile
    default: nil
    }
  }

  /// What to say when a form's `path` names a folder: that it does, and a file to write there.
  static func folderError(_ path: String, example: String) -> FormError {
    let suggestion =
      path.count > TypedValue.shownCharacters
      ? "end it with a file name, such as /\(example)"
      : "give a file name, such as \(path.hasSuffix("/") ? path : path + "/")\(example)"
    return FormError("\(TypedValue.quoted(path)) is a folder: \(suggestion)")
  }

  private static func osVersion(in form: Form) -> Result<OSVersion, FormError> {
    let os = form.value("os")
    guard let version = OSVersion(os) else {
      return .failure(FormError("OS version \(TypedValue.quoted(os)) must look like 18, 18.2 or 18.2.1"))
    }
    return .success(version)
  }

  private static func addDevice(from form: Form) -> Result<DialogRequest, FormError> {
    osVersion(in: form).flatMap { version in
      guard let platform = Platform(name: form.value("platform")) else {
        return .failure(FormError("pick a platform"))
      }
      let line = DeviceLine(
        id: form.value("id"), platform: platform, osVersion: version, storefront: form.value("storefront"),
        customer: form.value("customer"))
      return .success(.commands([.device(line)], select: .device(line.id)))
    }
  }

  private static func editDevice(_ deviceId: String, from form: Form, world: WorldState) -> Result<
    DialogRequest, FormError
  > {
    guard let device = world.device(deviceId) else { return .failure(FormError("\(deviceId) is gone")) }
    return osVersion(in: form).map { version in
      var commands: [WorldCommand] = []
      if version != device.osVersion { commands.append(.setOS(device: deviceId, version: version)) }
      let storefront = form.value("storefront")
      if storefront != device.storefront {
        commands.append(.setStorefront(device: deviceId, storefront: storefront))
      }
      return commands.isEmpty ? .unchanged("\(deviceId) unchanged") : .commands(commands, select: nil)
    }
  }

  /// The new world's seed and environment (a world's tokens all belong to one environment, SPEC 2).
  private static func freshStart(from form: Form) -> Result<FreshStart, FormError> {
    let text = form.value("seed").trimmingCharacters(in: .whitespaces)
    guard let seed = UInt64(text) else {
      return .failure(
        FormError("seed \(TypedValue.quoted(text)) must be a whole number from 0 to \(UInt64.max)"))
    }
    let environment: TokenEnvironment = form.choiceIndex("environment") == 1 ? .production : .sandbox
    return .success(FreshStart(seed: seed, environment: environment))
  }

  /// The purchase step a buy form asks for, or what is wrong with it.
  static func buyStep(from form: Form) -> Result<CommerceStep, FormError> {
    let quantityText = form.value("quantity").trimmingCharacters(in: .whitespaces)
    guard let quantity = Int(quantityText), StepLimits.quantity.range.contains(quantity) else {
      return .failure(
        FormError("quantity \(TypedValue.quoted(quantityText)): expected \(StepLimits.quantity.expected)"))
    }
    // The first choice is no offer; the others are the product's offers by id.
    let offer = form.choiceIndex("offer") == 0 ? "" : form.value("offer")
    let token = form.value("token").trimmingCharacters(in: .whitespaces)
    if !token.isEmpty, !CommerceStep.isUUID(token) {
      return .failure(
        FormError("app account token \(TypedValue.quoted(token)) must be a UUID, or empty for none"))
    }
    // The choices of `Dialogs.buy`: the App Store's rule, then the two claims a signed
    // introductoryOfferEligibility option can make (SPEC-APPSTORE-2026 3).
    let claims: [Bool?] = [nil, true, false]
    return .success(
      .buy(
        product: form.value("product"), device: form.value("device"), quantity: quantity,
        offer: offer.isEmpty ? nil : offer, accountToken: token.isEmpty ? nil : token.lowercased(),
        allowIntroductoryOffer: claims[form.choiceIndex("introductory") ?? 0]))
  }
}
