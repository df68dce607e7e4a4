import LifecycleSimulator

/// The forms behind the dialogs, filled in from the current world.
enum Dialogs {
  static let yesNo = ["yes", "no"]
  /// The files the export and save forms propose, and suggest in their errors.
  static let exportFile = "epsim-tokens.json"
  static let scenarioFile = "epsim-session.epsim"

  static func addCustomer(world: WorldState) -> Dialog {
    let name = freeName(base: "customer", taken: Set(world.customers.map(\.id)))
    return Dialog(
      kind: .addCustomer,
      form: Form(
        title: "Add customer",
        note: "A new Apple Account; token periods belong to it across its devices.",
        fields: [
          .text("id", "Name", name, hint: "letters, digits, . _ -"),
          .choice("payments", "Can make payments", yesNo),
        ]))
  }

  static func addDevice(world: WorldState, customerId: String?) -> Dialog {
    let customers = world.customers.map(\.id)
    let owner = customerId ?? customers.first ?? ""
    let name = freeName(base: "\(owner).device", taken: Set(world.devices.map(\.id)))
    let storefront = world.devices.last { $0.customerId == owner }?.storefront ?? "nl"
    return Dialog(
      kind: .addDevice,
      form: Form(
        title: "Add device",
        fields: [
          .text("id", "Name", name, hint: "letters, digits, . _ -"),
          .choice("customer", "Customer", customers, selected: customers.firstIndex(of: owner) ?? 0),
          .choice("platform", "Platform", Platform.allCases.map(\.rawValue)),
          .text("os", "OS version", "18.2", hint: "e.g. 18.2 or 26.4"),
          .text("storefront", "Storefront", storefront, hint: "two letters, e.g. nl, jp"),
        ]))
  }

  static func editDevice(_ device: Device) -> Dialog {
    Dialog(
      kind: .editDevice(deviceId: device.id),
      form: Form(
        title: "Edit device \(device.id)",
        note: "\(device.platform.rawValue) device of \(device.customerId).",
        fields: [
          .text("os", "OS version", device.osVersion.description, hint: "e.g. 18.2 or 26.4"),
          .text("storefront", "Storefront", device.storefront, hint: "two letters, e.g. nl, jp"),
        ]))
  }

  static func goToTime(world: WorldState) -> Dialog {
    Dialog(
      kind: .goToTime,
      form: Form(
        title: "Go to time",
        note: "ISO 8601 UTC (2026-03-01T10:00:00.000Z), epoch ms, or +duration (+1h30m). Forward only.",
        fields: [.text("time", "Time", ISOTime.string(world.now))]))
  }

  static func export() -> Dialog {
    Dialog(
      kind: .export,
      form: Form(
        title: "Export all tokens",
        note: "Writes one JSON object: the world's environment, clock and seed, and every token"
          + " (replaced atomically if the file exists).",
        fields: [.text("path", "File", exportFile)]))
  }

  static func saveScenario(thenQuit: Bool = false) -> Dialog {
    Dialog(
      kind: .saveScenario(thenQuit: thenQuit),
      form: Form(
        title: thenQuit ? "Save as scenario, then quit" : "Save as scenario",
        note: "Writes every step in effect as a .epsim file, with what each one returned as"
          + " expectations, so `epsim run FILE` passes (replaced atomically if it exists).",
        fields: [.text("path", "File", scenarioFile)]))
  }

  static func newWorld(world: WorldState, unsavedSteps: Int) -> Dialog {
    let loss =
      unsavedSteps == 0
      ? ""
      : unsavedSteps == 1
        ? " The 1 unsaved step of this session goes (Esc, then w saves it)."
        : " The \(unsavedSteps) unsaved steps of this session go (Esc, then w saves them)."
    return Dialog(
      kind: .newWorld,
      form: Form(
        title: "New world",
        note: "Starts again from the initial customers, devices, app and clock, with no tokens and no"
          + " history, in the environment's preset rules.\(loss)",
        fields: [
          .choice(
            "environment", "Environment", RulesForm.environments,
            selected: world.rules.environment == .sandbox ? 0 : 1),
          .text("seed", "Seed", String(world.seed), hint: "0 or more; same seed, same ids"),
        ]))
  }

  /// `base1`, `base2`, ... : the first that is not taken.
  static func freeName(base: String, taken: Set<String>) -> String {
    var number = 1
    while taken.contains("\(base)\(number)") { number += 1 }
    return "\(base)\(number)"
  }
}
