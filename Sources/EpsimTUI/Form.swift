import Foundation

/// A small form: fields, the focused one, and a validation message. Enter applies it (the
/// owner validates), Esc cancels; both are handled by the owner, the form only edits itself.
public struct Form: Hashable, Sendable {
  public var title: String
  public var fields: [FormField]
  public var focus: Int = 0
  /// Why the last attempt to apply failed, shown in the form until the next edit.
  public var error: String?
  /// A line of guidance shown above the fields.
  public var note: String

  public init(title: String, note: String = "", fields: [FormField]) {
    self.title = title
    self.note = note
    self.fields = fields
  }

  /// The value of the field called `name` ("" when there is none).
  /// The text of the field called `name` as typed, without spaces around it: every door reads a
  /// value as one word (a scenario line splits at spaces), so a space typed after `18.2` or `3`
  /// is no part of the value anywhere.
  public func value(_ name: String) -> String {
    (fields.first { $0.name == name }?.string ?? "").trimmingCharacters(in: .whitespaces)
  }

  /// The index of the chosen option of the choice field called `name`.
  public func choiceIndex(_ name: String) -> Int? {
    guard case .choice(_, let selected) = fields.first(where: { $0.name == name })?.value else { return nil }
    return selected
  }

  /// Replaces the hint shown after the field called `name`.
  public mutating func setHint(_ name: String, _ hint: String) {
    guard let index = fields.firstIndex(where: { $0.name == name }) else { return }
    fields[index].hint = hint
  }

  /// Replaces the options of the choice field called `name`, keeping the chosen option where it
  /// is still offered, else choosing the first.
  public mutating func setChoices(_ name: String, _ options: [String]) {
    guard let index = fields.firstIndex(where: { $0.name == name }) else { return }
    let chosen = fields[index].string
    fields[index].value = .choice(options: options, selected: options.firstIndex(of: chosen) ?? 0)
  }

  /// Replaces the text of the field called `name`, cursor at its end.
  public mutating func setText(_ name: String, _ text: String) {
    guard let index = fields.firstIndex(where: { $0.name == name }) else { return }
    fields[index].value = .text(TextInput(text))
  }

  /// Applies a navigation or editing action; false when the action is not the form's business.
  public mutating func handle(_ action: Action) -> Bool {
    guard !fields.isEmpty else { return false }
    switch action {
    case .nextField: focus = (focus + 1) % fields.count
    case .previousField: focus = (focus + fields.count - 1) % fields.count
    default:
      switch fields[focus].value {
      case .text(var input):
        guard input.edit(action) else { return false }
        fields[focus].value = .text(input)
        error = nil
      case .choice(let options, let selected):
        guard !options.isEmpty else { return false }
        switch action {
        case .cursorLeft: fields[focus].value = .choice(options: options, selected: max(0, selected - 1))
        case .cursorRight:
          fields[focus].value = .choice(options: options, selected: min(options.count - 1, selected + 1))
        default: return false
        }
        error = nil
      }
    }
    return true
  }

  /// Types a character: into a text field, or, in a choice field, picks the next option that
  /// starts with it (space cycles), the way list boxes behave.
  public mutating func type(_ character: Character) {
    guard !fields.isEmpty else { return }
    switch fields[focus].value {
    case .text(var input):
      input.insert(character)
      fields[focus].value = .text(input)
    case .choice(let options, let selected):
      guard !options.isEmpty else { return }
      let order = (1...options.count).map { (selected + $0) % options.count }
      let pick =
        character == " "
        ? order.first
        : order.first { options[$0].lowercased().hasPrefix(String(character).lowercased()) }
      if let pick { fields[focus].value = .choice(options: options, selected: pick) }
    }
    error = nil
  }
}
