import TextFrame

extension KeyTable {
  static let mainBindings: [KeyBinding] =
    generalBindings + deviceBindings + storeBindings + worldBindings + clockBindings + outputBindings
    + scenarioBindings

  private static func key(_ character: Character) -> Key { .character(character) }

  private static let generalBindings: [KeyBinding] = [
    KeyBinding(
      .main, [key("q"), .ctrl("c")], "quit", "Quit epsim; with unsaved steps, ask first (w saves them).",
      .quit, section: "General", footerRank: 0),
    KeyBinding(.main, [key("?")], "help", "Show every key.", .toggleHelp, section: "General", footerRank: 1),
    KeyBinding(
      .main, [.tab], "pane", "Focus the next pane (world, tokens, log).", .nextPane, section: "General",
      footerRank: 30),
    KeyBinding(.main, [.backTab], "pane", "Focus the previous pane.", .previousPane, section: "General"),
    KeyBinding(
      .main, [key("j"), .down], "down", "Move the selection down in the focused pane.", .moveDown,
      section: "General"),
    KeyBinding(
      .main, [key("k"), .up], "up", "Move the selection up in the focused pane.", .moveUp, section: "General"),
    KeyBinding(.main, [.pageDown], "page down", "Move a page down.", .pageDown, section: "General"),
    KeyBinding(.main, [.pageUp], "page up", "Move a page up.", .pageUp, section: "General"),
    KeyBinding(.main, [.home], "top", "Move to the first row.", .moveToTop, section: "General"),
    KeyBinding(.main, [.end], "bottom", "Move to the last row.", .moveToBottom, section: "General"),
    KeyBinding(
      .main, [.enter], "open",
      "Show the selected token in full (JSON, raw token, link, reporting), or with the log focused, its"
        + " selected line in full.", .showDetails, section: "General", footerRank: 31, when: .somethingToOpen),
    KeyBinding(
      .main, [key("/")], "filter",
      "Filter the token list and the log by a part of a token id or log text; an empty filter clears it.",
      .startSearch, section: "General", footerRank: 32),
    KeyBinding(
      .main, [key("a")], "all tokens",
      "Show every customer's tokens in the list, or only the selected one's.",
      .toggleAllTokens, section: "General", footerRank: 34),
    KeyBinding(
      .main, [key("n")], "next match", "Select the next token that matches the filter.", .nextMatch,
      section: "General", footerRank: 33, when: .hasSearchMatches),
    KeyBinding(
      .main, [key("N")], "prev match", "Select the previous token that matches the filter.", .previousMatch,
      section: "General", footerRank: 53, when: .hasSearchMatches),
  ]

  private static let deviceBindings: [KeyBinding] = [
    KeyBinding(
      .main, [key("i")], "install", "Install the app on the selected device (a first install qualifies).",
      .install, section: "Selected device", footerRank: 2, when: .appNotInstalledOnDevice),
    KeyBinding(
      .main, [key("u")], "update", "Update the app on the selected device (a qualifying event).", .update,
      section: "Selected device", footerRank: 10, when: .appInstalledOnDevice),
    KeyBinding(
      .main, [key("r")], "redownload", "Redownload the app on the selected device (a qualifying event).",
      .redownload, section: "Selected device", footerRank: 11, when: .canRedownload),
    KeyBinding(
      .main, [key("x")], "uninstall", "Uninstall the app from the selected device.", .uninstall,
      section: "Selected device", footerRank: 24, when: .appInstalledOnDevice),
    KeyBinding(
      .main, [key("1")], "ACQ", "token(for: ACQUISITION) on the selected device.", .requestAcquisition,
      section: "Selected device", footerRank: 3, when: .appInstalledOnDevice),
    KeyBinding(
      .main, [key("2")], "SERVICES", "token(for: SERVICES) on the selected device.", .requestServices,
      section: "Selected device", footerRank: 4, when: .appInstalledOnDevice),
    // The footer shows 3 and 4 below 27.2 and the typed 5 and 6 from 27.2 on, what an app
    // there would call (SPEC 5); every key works on every device, refusals say why.
    KeyBinding(
      .main, [key("3")], "IN_APP", "token(for: IN_APP), the String form, on the selected device.",
      .requestInApp, section: "Selected device", footerRank: 12, when: .stringRequestsOnDevice),
    KeyBinding(
      .main, [key("4")], "LINK_OUT", "token(for: LINK_OUT), the String form, on the selected device.",
      .requestLinkOut, section: "Selected device", footerRank: 13, when: .stringRequestsOnDevice),
    KeyBinding(
      .main, [key("5")], "withinApp",
      "token(for: .withinApp), the typed form of 27.2, on the selected device (its token: IN_APP by default).",
      .requestWithinApp, section: "Selected device", footerRank: 12, when: .typedRequestsOnDevice),
    KeyBinding(
      .main, [key("6")], "outOfApp",
      "token(for: .outOfApp), the typed form of 27.2, on the selected device (its token: LINK_OUT by default).",
      .requestOutOfApp, section: "Selected device", footerRank: 13, when: .typedRequestsOnDevice),
    KeyBinding(
      .main, [key("c")], "isEligible", "Ask ExternalPurchaseCustomLink.isEligible on the selected device.",
      .checkEligibility, section: "Selected device", footerRank: 14, when: .appInstalledOnDevice),
    KeyBinding(
      .main, [key("S")], "notice sheet", "ExternalPurchase.presentNoticeSheet(): a plain token.",
      .presentNoticeSheet, section: "Selected device", footerRank: 15, when: .appInstalledOnDevice),
    KeyBinding(
      .main, [key("o")], "link-out", "ExternalPurchaseLink.open(): a plain token on the destination URL.",
      .openLinkOut, section: "Selected device", footerRank: 16, when: .appInstalledOnDevice),
    KeyBinding(
      .main, [key("f")], "force refresh",
      "Make the next ACQUISITION/SERVICES answer from an active period a refreshed token.", .forceRefresh,
      section: "Selected device", footerRank: 17),
  ]

  private static let worldBindings: [KeyBinding] = [
    KeyBinding(
      .main, [key("C")], "add customer", "Add a customer (a dialog).", .addCustomer, section: "World",
      footerRank: 37),
    KeyBinding(
      .main, [key("A")], "add device", "Add a device to the selected customer (a dialog).", .addDevice,
      section: "World", footerRank: 38),
    KeyBinding(
      .main, [key("E")], "edit device", "Change the selected device's OS version or storefront.", .editDevice,
      section: "World", footerRank: 39, when: .deviceSelected),
    KeyBinding(
      .main, [key("P")], "payments", "Toggle whether the selected customer can make payments.",
      .togglePayments, section: "World", footerRank: 40),
    KeyBinding(
      .main, [key("R")], "rules",
      "Change rules: environment (until the first token; then W), lifetimes, refresh policy, checks.",
      .editRules, section: "World", footerRank: 41),
    KeyBinding(
      .main, [key("W")], "new world",
      "Start a new world from the initial one, in an environment and with a seed you choose (a dialog).",
      .newWorld, section: "World", footerRank: 35),
  ]

  private static let clockBindings: [KeyBinding] = [
    KeyBinding(
      .main, [key("s")], "+1s", "Advance the clock 1 second.", .stepSecond, section: "Clock", footerRank: 18),
    KeyBinding(
      .main, [key("m")], "+1m", "Advance the clock 1 minute.", .stepMinute, section: "Clock", footerRank: 20),
    KeyBinding(
      .main, [key("h")], "+1h", "Advance the clock 1 hour.", .stepHour, section: "Clock", footerRank: 21),
    KeyBinding(
      .main, [key("d")], "+1d", "Advance the clock 1 day.", .stepDay, section: "Clock", footerRank: 19),
    KeyBinding(
      .main, [key("<")], "expiry-1ms",
      "Jump to 1 ms before the next moment: a token expiry, or an App Store renewal, retry or grace end.",
      .toExpiryMinusOne,
      section: "Clock", footerRank: 6, when: .expiryAhead),
    KeyBinding(
      .main, [key("e")], "expiry",
      "Jump to exactly the next moment (a token is expired then, a subscription renewed).",
      .toExpiry, section: "Clock", footerRank: 5, when: .expiryAhead),
    KeyBinding(
      .main, [key(">")], "expiry+1ms", "Jump to 1 ms after the next moment.", .toExpiryPlusOne,
      section: "Clock", footerRank: 50, when: .expiryAhead),
    KeyBinding(
      .main, [key("T")], "token expiry", "Jump to exactly the selected token's expiry.", .toTokenExpiry,
      section: "Clock", footerRank: 27, when: .selectedTokenExpiryAhead),
    KeyBinding(
      .main, [key("g")], "go to", "Go to a typed time: ISO 8601, epoch ms, or +duration.", .goToTime,
      section: "Clock", footerRank: 22),
    KeyBinding(
      .main, [key(" ")], "play", "Play or pause the clock at the current rate.", .togglePlay,
      section: "Clock", footerRank: 7),
    KeyBinding(
      .main, [key("+")], "faster", "Play faster: 1x, 60x, 3600x.", .faster, section: "Clock", footerRank: 51),
    KeyBinding(.main, [key("-")], "slower", "Play slower.", .slower, section: "Clock", footerRank: 52),
    KeyBinding(
      .main, [key("[")], "undo", "Rewind one step of history.", .undo, section: "History", footerRank: 8,
      when: .canUndo),
    KeyBinding(
      .main, [key("]")], "redo", "Redo the next undone step.", .redo, section: "History", footerRank: 9,
      when: .canRedo),
    KeyBinding(
      .main, [key("H")], "history", "Pick a step of history to rewind to.", .showHistory, section: "History",
      footerRank: 23),
  ]

  private static let outputBindings: [KeyBinding] = [
    KeyBinding(
      .main, [key("y")], "copy", "Copy the selected token string to the clipboard (OSC 52).", .copyToken,
      section: "Output", footerRank: 25, when: .tokenSelected),
    KeyBinding(
      .main, [key("Y")], "copy id",
      "Copy the selected token's externalPurchaseId, or in the purchases view a transaction's id (a menu"
        + " when it has several: transactionId, originalTransactionId, webOrderLineItemId) (OSC 52).",
      .copyId, section: "Output", footerRank: 28, when: .idToCopy),
    KeyBinding(
      .main, [key("L")], "copy URL", "Copy the selected link-out token's destination URL (OSC 52).",
      .copyLinkURL, section: "Output", footerRank: 29, when: .linkOutTokenSelected),
    KeyBinding(
      .main, [key("X")], "export", "Export every token to a JSON file (a dialog asks for the path).",
      .exportTokens, section: "Output", footerRank: 36),
  ]

  private static let scenarioBindings: [KeyBinding] = [
    // First in the footer while a loaded scenario has lines left: it is what the user came for.
    KeyBinding(
      .main, [key(".")], "next line",
      "Step to the next line of the loaded scenario (epsim tui FILE) and check its expectations.",
      .stepScenario, section: "Scenario", footerRank: -1, when: .scenarioLineAhead),
    KeyBinding(
      .main, [key("w")], "save",
      "Save the session as a .epsim scenario, with what was observed as expectations (a dialog).",
      .saveScenario, section: "Scenario", footerRank: 26),
  ]
}
