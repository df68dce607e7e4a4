import ExternalPurchaseTokens
import LifecycleSimulator

extension SampleTokens {
  /// The directory's README: what each file is and how to regenerate them all.
  static func readme(for samples: [Sample]) -> String {
    var text = """
      # Sample tokens

      Tokens made by epsim's lifecycle engine, each beside its decoded twin. This whole directory,
      this README included, is generated; regenerate it byte for byte from the repository root with:

          \(regenerateCommand)

      Do not edit the files by hand: a test decodes every `.token` file, compares it with its `.json`
      twin, and checks that the command above reproduces the directory exactly.

      ## What the files hold

      - `NAME.token`: the token string as StoreKit hands it out, on one line.
      - `NAME.json`: the token's decoded fields in Apple's order (`appAppleId`, `bundleId`,
        `tokenCreationDate`, `externalPurchaseId`, then `tokenType` and `tokenExpirationDate` for custom
        link tokens), followed by `environment` (`sandbox` when the id starts with `SANDBOX`) and
        `kind` (`custom-link` or `plain`).
      - `NAME.url`: for `ExternalPurchaseLink.open()` only, the URL it opens: the storefront's
        destination with `externalPurchaseToken` and `bundleId` appended.

      Tokens are unpadded Base64URL of compact JSON, except the `quirks-*` files, which encode one
      token the ways Apple's own published samples do (padding, a trailing newline, pretty JSON).

      ## The samples

      | Files | What they are |
      | --- | --- |

      """
    for sample in samples {
      let extensions = sample.url == nil ? "`.token` `.json`" : "`.token` `.json` `.url`"
      text += "| `\(sample.name)` \(extensions) | \(sample.summary) |\n"
    }
    text += """

      ## Where they come from

      The app is `\(FixtureWorld.app.bundleId)` (Apple ID \(FixtureWorld.app.appAppleId)). Customer alice uses an
      iPhone on iOS 26.4 in storefront `nl`; customer kenji an iPhone on iOS 26.4 in `jp`. The clock
      starts at \(ISOTime.string(SampleWorld.startTime)); both install the app, then ask for their tokens a
      few minutes later. Sandbox custom link tokens live one hour; production ones 365 days (epsim's
      assumption: Apple's one production example spans 365 days).

      """
    return text
  }
}
