import EpsimTUI
import LifecycleSimulator
import Testing
import TextFrame

@Suite struct Smoke {
  @Test func renders() {
    var state = TUIState(world: DemoWorld.world())
    for key: Character in ["i", "2", "1", "f", "2", "m"] { state.handle(.key(.character(key))) }
    print(state.render().text)
    state.handle(.resize(width: 200, height: 50))
    print(state.render().text)
    state.handle(.resize(width: 80, height: 24))
    state.handle(.key(.enter))
    print(state.render().text)
    state.handle(.key(.escape))
    state.handle(.key(.character("R")))
    print(state.render().text)
    state.handle(.key(.escape))
    state.handle(.key(.character("?")))
    print(state.render().text)
  }
}
