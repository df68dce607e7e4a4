import TextFrame

/// The one key table. Dispatch, the footer hints, the `?` overlay and docs/tui.md all read it,
/// so they can never disagree.
public enum KeyTable {
  /// Every binding of every context, in the order the help overlay lists them.
  public static let all: [KeyBinding] = mainBindings + overlayBindings

  /// The bindings of one context, in table order.
  public static func bindings(in context: KeyContext) -> [KeyBinding] {
    all.filter { $0.context == context }
  }

  /// The binding `key` triggers in `context`, if any.
  public static func binding(for key: Key, in context: KeyContext) -> KeyBinding? {
    lookup[context]?[key]
  }

  /// Built once: a key press is a dictionary lookup, not a scan of the table.
  private static let lookup: [KeyContext: [Key: KeyBinding]] = {
    var table: [KeyContext: [Key: KeyBinding]] = [:]
    for binding in all {
      for key in binding.keys where table[binding.context]?[key] == nil {
        table[binding.context, default: [:]][key] = binding
      }
    }
    return table
  }()
}
