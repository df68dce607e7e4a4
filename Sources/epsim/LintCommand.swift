import ArgumentParser
import Foundation
import InfoPlistLint

/// `epsim lint`: checks an Info.plist (and optionally entitlements) against SPEC section 6.
struct LintCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lint",
    abstract: "Check an Info.plist and entitlements for external purchase keys, countries and links.",
    discussion: """
      Reads XML or binary property lists. Prints one finding per line, FILE: SEVERITY: KEYPATH: \
      message (fix: ...), then a summary. Exit status: 0 no errors (warnings and notes allowed), \
      1 at least one error, 2 a file could not be read.
      """
  )

  @Argument(help: "The app's Info.plist (XML or binary).")
  var infoPlist: String

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The app's .entitlements file, to check keys and entitlements together.", valueName: "file"))
  var entitlements: String?

  @Flag(name: .long, help: "Print one JSON document instead of text.")
  var json = false

  func run() throws {
    let plist: LoadedPropertyList
    let entitlementsList: LoadedPropertyList?
    do {
      plist = try PropertyListLoader.load(path: infoPlist)
      entitlementsList = try entitlements.map { path throws(PropertyListReadError) in
        try PropertyListLoader.load(path: path)
      }
    } catch {
      StandardError.write("epsim lint: \(error)")
      throw ExitCode.usage
    }
    let report = InfoPlistLinter.lint(infoPlist: plist, entitlements: entitlementsList)
    print(json ? report.json : report.text, terminator: json ? "\n" : "")
    if report.hasErrors { throw ExitCode.checkFailed }
  }
}
