/// Setup lines many scenario tests begin with, written once so each test shows only what it adds.
public enum ScenarioSetup {
  /// An app whose custom link serves the Netherlands and alice's iPhone there (iOS 18.2), one line
  /// each after `environment`, and `install alice.iphone` when `installed`.
  public static func aliceInTheNetherlands(
    _ environment: String, bundle: String = "com.example", appId: Int = 1_234_567_890, version: String? = nil,
    installed: Bool = false
  ) -> String {
    let app =
      "app \(bundle) id \(appId)" + (version.map { " version \($0)" } ?? "") + " custom-link-regions nl"
    let lines = [
      "environment \(environment)", app, "device alice.iphone iOS 18.2 storefront nl",
    ]
    return (lines + (installed ? ["install alice.iphone"] : [])).joined(separator: "\n") + "\n"
  }

  /// The start of the purchase tests' worlds: the clock at 2026-03-01T09:00:00Z, then alice's
  /// iPhone in the US and bob's in `storefront`, both on iOS 26.4.
  public static func aliceAndBobOnIOS26(bobIn storefront: String) -> String {
    "start 2026-03-01T09:00:00Z\ndevice alice.iphone iOS 26.4 storefront us\n"
      + "device bob.iphone iOS 26.4 storefront \(storefront)\n"
  }

  /// The app installed on alice's and bob's iPhones: a purchase is made in the app.
  public static let installsOnAliceAndBob = "install alice.iphone\ninstall bob.iphone\n"
}
