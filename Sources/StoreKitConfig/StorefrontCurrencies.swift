/// The currency of each storefront epsim prices a `.storekit` file in (ISO 3166-1 alpha-3 to ISO 4217).
///
/// The file has one price per product and no currency; Xcode shows it in the currency of the
/// storefront being tested (SPEC-STOREKIT-CONFIG 0). epsim does the same: the file's number, in
/// each storefront's own currency, in every storefront below.
public enum StorefrontCurrencies {
  /// epsim's device storefronts (`CommerceWorld.alpha3`) and the others seen in `.storekit` files.
  public static let table: [String: String] = [
    "USA": "USD", "FRA": "EUR", "DEU": "EUR", "AUT": "EUR", "BEL": "EUR", "FIN": "EUR", "GRC": "EUR",
    "IRL": "EUR", "ITA": "EUR", "LUX": "EUR", "NLD": "EUR", "PRT": "EUR", "ESP": "EUR", "GBR": "GBP",
    "CAN": "CAD", "SWE": "SEK", "NOR": "NOK", "DNK": "DKK", "CHE": "CHF", "AUS": "AUD", "NZL": "NZD",
    "JPN": "JPY", "CHN": "CNY", "MEX": "MXN", "COL": "COP", "BRA": "BRL", "KOR": "KRW", "IND": "INR",
  ]
}
