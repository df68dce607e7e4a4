/// The value type a key or entitlement must have (SPEC section 6, "Type" column).
enum ValueShape: Sendable {
  /// `[String]` of country codes.
  case countryList
  /// `[country: URL]`: one destination URL string per country.
  case countryToLink
  /// `[country: [URL]]`: a list of destination URL strings per country.
  case countryToLinks
  /// `Bool`.
  case boolean

  /// How findings name the expected type.
  var description: String {
    switch self {
    case .countryList: "an array of country-code strings"
    case .countryToLink: "a dictionary of country code to URL string"
    case .countryToLinks: "a dictionary of country code to an array of URL strings"
    case .boolean: "a Boolean"
    }
  }
}
