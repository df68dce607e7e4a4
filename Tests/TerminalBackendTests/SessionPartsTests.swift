import Foundation
import Testing
import TextFrame

@testable import TerminalBackend

@Suite("Session parts: capabilities, colour pairs, ticks, clipboard, terminfo")
struct SessionPartsTests {
  @Test func capabilitiesFollowTheLocaleAndNoColor() {
    let utf8 = TerminalCapabilities.detect(environment: [:], codeset: "UTF-8", terminalHasColors: true)
    #expect(utf8 == TerminalCapabilities(lineStyle: .unicode, hasColor: true))
    let ascii = TerminalCapabilities.detect(
      environment: [:], codeset: "ANSI_X3.4-1968", terminalHasColors: true)
    #expect(ascii.lineStyle == .ascii)
    #expect(
      TerminalCapabilities.detect(environment: [:], codeset: "utf8", terminalHasColors: false).hasColor
        == false)
    #expect(
      !TerminalCapabilities.detect(environment: ["NO_COLOR": "1"], codeset: "UTF-8", terminalHasColors: true)
        .hasColor)
    // no-color.org: an empty NO_COLOR does not count.
    #expect(
      TerminalCapabilities.detect(environment: ["NO_COLOR": ""], codeset: "UTF-8", terminalHasColors: true)
        .hasColor)
  }

  @Test func colourPairsAreNumberedOnFirstUseAndRunOut() {
    var pairs = ColorPairs(limit: 3)
    #expect(pairs.pair(foreground: .default, background: .default) == (0, false))
    #expect(pairs.pair(foreground: .red, background: .default) == (1, true))
    #expect(pairs.pair(foreground: .red, background: .default) == (1, false))
    #expect(pairs.pair(foreground: .green, background: .black) == (2, true))
    #expect(pairs.pair(foreground: .blue, background: .black) == (0, false))
    var none = ColorPairs(limit: 0)
    #expect(none.pair(foreground: .red, background: .default) == (0, false))
  }

  @Test func ticksComeAtTheIntervalWithTheRealElapsedTime() {
    var timer = TickTimer(now: 1_000)
    #expect(timer.inputTimeout(now: 1_000, interval: nil) == nil)
    #expect(timer.inputTimeout(now: 1_030, interval: 100) == 70)
    #expect(timer.takeTick(now: 1_030, interval: 100) == nil)
    #expect(timer.takeTick(now: 1_120, interval: 100) == 120)
    #expect(timer.inputTimeout(now: 1_250, interval: 100) == 0)
  }

  @Test func pausedTimeDoesNotCountTowardsTheFirstTick() {
    var timer = TickTimer(now: 0)
    #expect(timer.takeTick(now: 60_000, interval: nil) == nil)
    #expect(timer.takeTick(now: 60_050, interval: 100) == nil)
    #expect(timer.takeTick(now: 60_100, interval: 100) == 100)
  }

  @Test func clipboardSequenceIsOSC52WithBase64() {
    #expect(ClipboardSequence.osc52("hi") == "\u{1B}]52;c;aGk=\u{07}")
  }

  @Test func terminfoPaddingIsRemoved() {
    #expect(
      TerminfoString.withoutPadding(Array("\u{1B}[?1049l$<5>\u{1B}[m".utf8))
        == Array("\u{1B}[?1049l\u{1B}[m".utf8))
    #expect(TerminfoString.withoutPadding(Array("cost $<".utf8)) == Array("cost $<".utf8))
  }

  @Test func errorsSayWhatToDo() {
    #expect(TerminalSessionError.notATerminal.description.contains("must be a terminal"))
    #expect(TerminalSessionError.unknownTerminal("vt999").description.contains("'vt999'"))
  }
}
