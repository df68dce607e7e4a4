/// One field of a `Form`: free text or a choice among fixed options.
public struct FormField: Hashable, Sendable {
  /// What the field holds.
  public enum Value: Hashable, Sendable {
    case text(TextInput)
    case choice(options: [String], selected: Int)
  }

  /// A stable name the dialog reads the value by.
  public var name: String
  /// What the form shows before the value.
  public var label: String
  public var value: Value
  /// A short hint shown after the field, e.g. "e.g. 18.2".
  public var hint: String

  public static func text(_ name: String, _ label: String, _ text: String, hint: String = "") -> FormField {
    FormField(name: name, label: label, value: .text(TextInput(text)), hint: hint)
  }

  public static func choice(
    _ name: String, _ label: String, _ options: [String], selected: Int = 0, hint: String = ""
  ) -> FormField {
    FormField(
      name: name, label: label,
      value: .choice(options: options, selected: min(max(0, selected), max(0, options.count - 1))), hint: hint
    )
  }

  /// The text typed, or the option chosen.
  public var string: String {
    switch value {
    case .text(let input): return input.string
    case .choice(let options, let selected): return options.isEmpty ? "" : options[selected]
    }
  }
}
