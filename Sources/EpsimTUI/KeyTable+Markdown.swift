import TextFrame

extension KeyTable {
  /// The key reference of docs/tui.md, generated from the table (a test keeps the doc in step).
  public static func markdown() -> String {
    var text = ""
    for context in KeyContext.allCases {
      text += "### \(context.title)\n\n| Keys | Does |\n| --- | --- |\n"
      var section = ""
      for binding in bindings(in: context) {
        if binding.section != section, context == .main {
          section = binding.section
          text += "| **\(section)** | |\n"
        }
        let keys = binding.keys.map { "`\($0.asciiLabel == "|" ? "\\|" : $0.asciiLabel)`" }.joined(
          separator: " ")
        text += "| \(keys) | \(binding.help) |\n"
      }
      if [.dialog, .search, .helpSearch].contains(context) {
        text += "| other keys | Type into the field. |\n"
      }
      text += "\n"
    }
    return text
  }
}
