/// A value someone typed (a form field, a scenario's word, a command's member) as a message
/// repeats it: whole when it is short, otherwise its first characters and its length, so a pasted
/// page is not printed back whole in the refusal. Every door words it the same way.
public enum TypedValue {
  /// How many characters of a longer value a message shows.
  public static let shownCharacters = 40

  /// `'value'`, or `'its first 40 characters…' (500 characters)`.
  public static func quoted(_ value: some StringProtocol) -> String {
    guard value.count > shownCharacters else { return "'\(value)'" }
    return "'\(value.prefix(shownCharacters))…' (\(value.count) characters)"
  }

  /// The value itself, or `its first 40 characters… (500 characters)`: for a message that names a
  /// value without quoting it.
  public static func shortened(_ value: some StringProtocol) -> String {
    guard value.count > shownCharacters else { return String(value) }
    return "\(value.prefix(shownCharacters))… (\(value.count) characters)"
  }
}
