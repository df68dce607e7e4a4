import EpsimTUI
import Foundation
import LifecycleSimulator
import ScenarioLanguage
import TerminalEffects
import Testing

extension TUIState {
  /// Presses Enter and performs the file writes it asks for, as `epsim tui` does.
  fileprivate mutating func enterThroughTheHost() {
    for effect in press(.enter) {
      if let result = EffectRunner.perform(effect) { handle(result) }
    }
  }
}

/// QA's small form faults (issue 44): a pasted page in a field is not printed back whole in the
/// error, and a file form given a folder says so and stays open with the path as typed.
@Suite("Form faults")
struct FormFaultTests {
  /// A form's text field given a long value, and what its error names.
  struct LongValue: CustomTestStringConvertible, Sendable {
    var keys: String
    var field: Int
    /// Before the 500-character value's run of `x`.
    var start = ""
    var store = false
    /// The field, as the error names it.
    var names: String
    /// The length of what the error quotes: the value, or the part of it at fault.
    var quotedLength = 500

    var testDescription: String { "\(keys) field \(field): \(names)" }

    var value: String { start + String(repeating: "x", count: 500 - start.count) }
  }

  static let longValues: [LongValue] = [
    LongValue(keys: "C", field: 0, start: "1", names: "customer name '1xxx"),
    LongValue(keys: "A", field: 0, start: "1", names: "device name '1xxx"),
    LongValue(keys: "A", field: 3, names: "OS version 'xxx"),
    LongValue(keys: "A", field: 4, names: "storefront 'xxx"),
    LongValue(keys: "E", field: 0, names: "OS version 'xxx"),
    LongValue(keys: "E", field: 1, names: "storefront 'xxx"),
    LongValue(keys: "R", field: 3, names: "ACQUISITION lifetime: expected a number at 'xxx"),
    LongValue(keys: "R", field: 3, start: "1", names: "ACQUISITION lifetime: 'xxx", quotedLength: 499),
    LongValue(keys: "g", field: 0, names: "time 'xxx"),
    LongValue(
      keys: "g", field: 0, start: "+", names: "time: after '+' at character 2: expected a number at 'xxx",
      quotedLength: 499),
    LongValue(keys: "W", field: 1, names: "seed 'xxx"),
    LongValue(keys: "pb", field: 2, store: true, names: "quantity 'xxx"),
    LongValue(keys: "pb", field: 4, store: true, names: "app account token 'xxx"),
  ]

  @Test(arguments: longValues)
  func aLongValueIsQuotedShortenedWithItsFieldAndLength(_ long: LongValue) throws {
    var state = long.store ? TUIState.store() : TUIState.demo()
    state.open(long.keys, atField: long.field)
    state.submit(long.value)
    let error = try #require(state.openDialog?.form.error, "the form stays open with an error")
    #expect(error.contains(long.names), "\(error)")
    let length = "(\(long.quotedLength) characters)"
    #expect(error.contains("x… \(length)") || error.contains("x…' \(length)"), "\(error)")
    #expect(!error.contains(String(repeating: "x", count: TypedValue.shownCharacters + 1)), "\(error)")
    #expect(!state.screen.contains(String(repeating: "x", count: 41)), "\(state.screen)")
    #expect(
      state.openDialog?.form.value(state.openDialog?.form.fields[long.field].name ?? "") == long.value,
      "the value typed stays in its field")
  }

  @Test func everyNthQuotesALongParameterShortened() throws {
    var state = TUIState.demo()
    state.open("R", atField: 7)  // refreshed tokens
    state.press(.right, .right)  // every Nth
    state.press(.tab)
    state.submit(String(repeating: "9", count: 500))
    let error = try #require(state.openDialog?.form.error)
    #expect(error.hasPrefix("every Nth: expected"), "\(error)")
    #expect(error.hasSuffix("found '\(String(repeating: "9", count: 40))…' (500 characters)"), "\(error)")
  }

  @Test func aShortValueIsQuotedWholeAsBefore() {
    #expect(TypedValue.quoted(String(repeating: "a", count: 40)) == "'\(String(repeating: "a", count: 40))'")
    #expect(
      TypedValue.quoted(String(repeating: "a", count: 41))
        == "'\(String(repeating: "a", count: 40))…' (41 characters)")
    var state = TUIState.demo()
    state.open("A", atField: 3)
    state.submit("eighteen")
    state.expectDialogKept(saying: "OS version 'eighteen' must look like 18, 18.2 or 18.2.1")
  }

  // MARK: - A folder for a file

  static func temporaryFolder() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("epsim-folder-\(UUID())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }

  /// QA's case: `.` in the export form. Plainly a folder, so the form refuses it itself.
  @Test(arguments: [".", "..", "out/", "/tmp/."])
  func exportToAPlainFolderKeepsTheFormAndThePath(_ path: String) {
    var state = TUIState.demo()
    state.type("i21X")
    state.replaceField(with: path)
    let effects = state.press(.enter)
    #expect(effects.isEmpty, "nothing is written")
    #expect(state.openDialog?.form.value("path") == path)
    let suggestion = (path.hasSuffix("/") ? path : path + "/") + "epsim-tokens.json"
    state.expectDialogKept(saying: "'\(path)' is a folder: give a file name, such as \(suggestion)")
  }

  /// A folder only the disk knows to be one: the host refuses it before writing anything, and
  /// the form opens again with the path, to be completed.
  @Test func exportToAnExistingFolderWritesNothingAndKeepsThePath() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var state = TUIState.demo()
    state.type("i21X")
    state.replaceField(with: folder)
    let effects = state.press(.enter)
    let result = try #require(effects.first.flatMap(EffectRunner.perform))
    #expect(result == .pathIsFolder(path: folder))
    state.handle(result)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "nothing was written")
    #expect(state.openDialog?.kind == .export)
    #expect(state.openDialog?.form.value("path") == folder)
    #expect(state.openDialog?.form.error?.contains("is a folder: ") == true)
    #expect(state.status?.kind == .error)
    #expect(state.status?.text == "export to \(folder) failed: it is a folder")
    // The cursor is at the end of the path kept: a file name typed there completes it.
    state.type("/tokens.json")
    state.enterThroughTheHost()
    #expect(state.context == .main)
    #expect(state.status?.text == "exported 2 tokens to \(folder)/tokens.json")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["tokens.json"])
  }

  @Test func aLongFolderPathIsShortenedInTheError() throws {
    var state = TUIState.demo()
    state.type("X")
    let path = "/tmp/" + String(repeating: "a-long-folder-name/", count: 6)
    state.replaceField(with: path)
    state.press(.enter)
    let error = try #require(state.openDialog?.form.error)
    #expect(
      error
        == "'\(path.prefix(40))…' (\(path.count) characters) is a folder: end it with a file name, such as /epsim-tokens.json"
    )
  }

  @Test func savingToAFolderKeepsTheSaveFormOpen() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var state = TUIState.demo()
    state.type("i2w")
    state.submit(".")
    state.expectDialogKept(saying: "'.' is a folder: give a file name, such as ./epsim-session.epsim")
    state.replaceField(with: folder)
    state.enterThroughTheHost()
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "nothing was written")
    #expect(state.openDialog?.kind == .saveScenario(thenQuit: false))
    state.expectDialogKept(saying: "is a folder: ")
    #expect(state.openDialog?.form.value("path") == folder)
    #expect(state.unsavedStepCount == 2, "the session is not saved")
  }

  @Test func savingToAFolderFromTheQuitPromptKeepsTheSessionAndTheForm() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var state = TUIState.demo()
    state.type("i2q")
    state.type("w")
    state.replaceField(with: folder)
    state.enterThroughTheHost()
    #expect(!state.isFinished)
    #expect(state.openDialog?.kind == .saveScenario(thenQuit: true))
    // Completed, the path is written and the session ends, as the form's title says.
    state.type("/quit.epsim")
    state.enterThroughTheHost()
    #expect(state.isFinished)
    let path = folder + "/quit.epsim"
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(ScenarioRunner().run(try ScenarioParser.parse(text, file: path), file: path).passed)
  }
}
