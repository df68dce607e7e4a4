import TextFrame

extension KeyTable {
  static let overlayBindings: [KeyBinding] =
    helpBindings + detailsBindings + historyBindings + dialogBindings + searchBindings + helpSearchBindings
    + confirmQuitBindings + logEntryBindings

  private static func scrolling(_ context: KeyContext) -> [KeyBinding] {
    [
      KeyBinding(
        context, [.character("j"), .down], "down", "Scroll or move down.", .moveDown, section: "Move"),
      KeyBinding(context, [.character("k"), .up], "up", "Scroll or move up.", .moveUp, section: "Move"),
      KeyBinding(
        context, [.pageDown, .character(" ")], "page down", "A page down.", .pageDown, section: "Move"),
      KeyBinding(context, [.pageUp], "page up", "A page up.", .pageUp, section: "Move"),
      KeyBinding(context, [.home], "top", "To the top.", .moveToTop, section: "Move"),
      KeyBinding(context, [.end], "bottom", "To the bottom.", .moveToBottom, section: "Move"),
    ]
  }

  private static let helpBindings: [KeyBinding] =
    [
      KeyBinding(
        .help, [.escape, .character("?")], "close", "Close the help.", .close, section: "General",
        footerRank: 0),
      // As the footer of the main screen promised: q quits from here too.
      KeyBinding(
        .help, [.character("q"), .ctrl("c")], "quit", "Quit epsim (asking first if steps are unsaved).",
        .quit,
        section: "General", footerRank: 1),
      KeyBinding(
        .help, [.character("/")], "search",
        "Search the help: only the keys whose key, label or help contains the text stay listed.",
        .startSearch, section: "General", footerRank: 2),
    ] + scrolling(.help)

  private static let detailsBindings: [KeyBinding] =
    [
      KeyBinding(
        .details, [.escape, .character("q"), .enter], "close", "Close the details.", .close,
        section: "General", footerRank: 0),
      KeyBinding(
        .details, [.character("y")], "copy", "Copy the token string to the clipboard (OSC 52).", .copyToken,
        section: "General", footerRank: 1),
      copyJWS(.details),
    ] + scrolling(.details)

  private static let historyBindings: [KeyBinding] =
    [
      KeyBinding(
        .history, [.escape, .character("q")], "close", "Close without rewinding.", .close,
        section: "General", footerRank: 0),
      KeyBinding(
        .history, [.enter], "rewind here", "Rewind (or redo) to just after the selected step.", .rewindHere,
        section: "General", footerRank: 1),
    ] + scrolling(.history)

  private static let dialogBindings: [KeyBinding] =
    [
      KeyBinding(.dialog, [.enter], "apply", "Apply the form.", .submit, section: "Form", footerRank: 0),
      KeyBinding(
        .dialog, [.escape], "cancel", "Close the form, changing nothing.", .close, section: "Form",
        footerRank: 1),
      KeyBinding(
        .dialog, [.tab, .down], "next field", "Move to the next field.", .nextField, section: "Form",
        footerRank: 2),
      KeyBinding(
        .dialog, [.backTab, .up], "previous field", "Move to the previous field.", .previousField,
        section: "Form"),
      KeyBinding(
        .dialog, [.left], "left", "Move the cursor left, or pick the previous choice.", .cursorLeft,
        section: "Form", footerRank: 3),
      KeyBinding(
        .dialog, [.right], "right", "Move the cursor right, or pick the next choice.", .cursorRight,
        section: "Form", footerRank: 4),
    ] + editing(.dialog, section: "Form")

  private static let searchBindings: [KeyBinding] =
    [
      KeyBinding(
        .search, [.enter], "filter", "Filter the token list and log, and select the first matching token.",
        .submit, section: "Search",
        footerRank: 0
      ),
      KeyBinding(.search, [.escape], "cancel", "Close the prompt.", .close, section: "Search", footerRank: 1),
      KeyBinding(.search, [.left], "left", "Move the cursor left.", .cursorLeft, section: "Search"),
      KeyBinding(.search, [.right], "right", "Move the cursor right.", .cursorRight, section: "Search"),
    ] + editing(.search, section: "Search")

  private static let helpSearchBindings: [KeyBinding] =
    [
      KeyBinding(
        .helpSearch, [.enter], "keep", "Keep the matching keys listed and scroll them.", .submit,
        section: "Search", footerRank: 0),
      KeyBinding(
        .helpSearch, [.escape], "close", "Close the help and its search (one Esc closes any overlay).",
        .close,
        section: "Search", footerRank: 1),
      KeyBinding(.helpSearch, [.left], "left", "Move the cursor left.", .cursorLeft, section: "Search"),
      KeyBinding(.helpSearch, [.right], "right", "Move the cursor right.", .cursorRight, section: "Search"),
    ] + editing(.helpSearch, section: "Search")

  private static let confirmQuitBindings: [KeyBinding] = [
    KeyBinding(
      .confirmQuit, [.character("w")], "save first", "Save the session as a scenario, then quit.",
      .saveScenario, section: "Quit", footerRank: 0),
    KeyBinding(
      .confirmQuit, [.character("q"), .ctrl("c")], "quit anyway", "Quit without saving.", .quit,
      section: "Quit", footerRank: 1),
    KeyBinding(
      .confirmQuit, [.escape], "stay", "Go back to the session.", .close, section: "Quit", footerRank: 2),
  ]

  private static let logEntryBindings: [KeyBinding] =
    [
      KeyBinding(
        .logEntry, [.escape, .character("q"), .enter], "close", "Close the log line.", .close,
        section: "General", footerRank: 0)
    ] + scrolling(.logEntry)

  /// Cursor jumps and deletion, shared by forms and the search prompt.
  private static func editing(_ context: KeyContext, section: String) -> [KeyBinding] {
    [
      KeyBinding(
        context, [.home, .ctrl("a")], "start", "Cursor to the start of the text.", .cursorStart,
        section: section),
      KeyBinding(
        context, [.end, .ctrl("e")], "end", "Cursor to the end of the text.", .cursorEnd, section: section),
      KeyBinding(
        context, [.backspace], "delete", "Delete the character before the cursor.", .deleteBackward,
        section: section),
      KeyBinding(
        context, [.delete], "delete fwd", "Delete the character under the cursor.", .deleteForward,
        section: section),
      KeyBinding(
        context, [.ctrl("u")], "clear left", "Delete everything before the cursor.", .deleteToStart,
        section: section),
      KeyBinding(
        context, [.ctrl("k")], "clear right", "Delete everything from the cursor on.", .deleteToEnd,
        section: section),
    ]
  }
}
