import Foundation

/// Checks one destination URL against SPEC section 6: HTTPS, a valid absolute URL with a host,
/// no query parameters, at most 1,000 ASCII characters.
enum LinkURLCheck {
  /// Characters RFC 3986 allows in a URL outside percent escapes.
  private static let allowedCharacters = Set(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%".unicodeScalars)

  static func check(_ url: String, at keyPath: String, into list: inout FindingList) {
    let shown = quoted(url)
    if !url.unicodeScalars.allSatisfy(\.isASCII) {
      list.add(
        .error, .urlNonASCII, at: keyPath, "\(shown) contains characters outside ASCII",
        fix:
          "percent-encode non-ASCII characters in the path, and write an international host in its xn-- form")
    }
    let length = url.unicodeScalars.count
    if length > LintTables.maximumURLLength {
      list.add(
        .error, .urlTooLong, at: keyPath,
        "the URL is \(length) characters long; at most \(LintTables.maximumURLLength) are allowed",
        fix: "use a shorter URL")
    }
    guard let components = parse(url, shown: shown, at: keyPath, into: &list) else { return }
    if components.scheme?.lowercased() != LintTables.requiredURLScheme {
      list.add(
        .error, .urlScheme, at: keyPath,
        "\(shown) uses the scheme '\(components.scheme ?? "")'; links must use https",
        fix: "start the URL with https://")
    }
    if components.query != nil {
      list.add(
        .error, .urlQuery, at: keyPath,
        "\(shown) has query parameters; StoreKit appends its own (externalPurchaseToken, bundleId)",
        fix: "remove the '?' and everything after it; put any parameters in the path")
    }
    if components.fragment != nil {
      // Not a SPEC rule: StoreKit appends its query after the URL, which would land inside the fragment.
      list.add(
        .warning, .urlFragment, at: keyPath,
        "\(shown) has a fragment ('#'); the query StoreKit appends would end up inside it",
        fix: "remove the '#' and everything after it")
    }
  }

  /// Parses a syntactically valid absolute URL with a host, or reports why it is not one.
  private static func parse(
    _ url: String, shown: String, at keyPath: String, into list: inout FindingList
  ) -> URLComponents? {
    // Non-ASCII text was reported above; its syntax is not judged a second time.
    guard url.unicodeScalars.allSatisfy(\.isASCII) else { return nil }
    switch validate(url) {
    case .success(let components):
      return components
    case .failure(let problem):
      list.add(.error, .urlInvalid, at: keyPath, "\(shown) \(problem.what)", fix: problem.fix)
      return nil
    }
  }

  /// Why a URL is not a valid absolute URL with a host.
  private struct SyntaxProblem: Error {
    let what: String
    let fix: String
  }

  private static func validate(_ url: String) -> Result<URLComponents, SyntaxProblem> {
    // URLComponents quietly percent-encodes what it should reject (spaces, stray '%'), so the
    // characters are checked against RFC 3986 first.
    if let bad = url.unicodeScalars.first(where: { !allowedCharacters.contains($0) }) {
      let name = bad == " " ? "a space" : "'\(bad)'"
      return .failure(
        SyntaxProblem(
          what: "contains \(name), which a URL must percent-encode", fix: "percent-encode it or remove it"))
    }
    if let escape = badPercentEscape(in: url) {
      return .failure(
        SyntaxProblem(
          what: "has '\(escape)', which is not a percent escape", fix: "write '%' as %25, or fix the escape"))
    }
    guard let components = URLComponents(string: url) else {
      return .failure(SyntaxProblem(what: "is not a valid URL", fix: "write the URL as https://host/path"))
    }
    if components.scheme == nil {
      return .failure(
        SyntaxProblem(
          what: "is not an absolute URL (it has no scheme)", fix: "write the full URL, starting with https://"
        ))
    }
    if (components.host ?? "").isEmpty {
      return .failure(SyntaxProblem(what: "has no host", fix: "write the URL as https://host/path"))
    }
    if let port = components.port, !(1...65_535).contains(port) {
      return .failure(
        SyntaxProblem(
          what: "has port \(port), which is out of range", fix: "remove the port or use one from 1 to 65535"))
    }
    return .success(components)
  }

  /// The first '%' not followed by two hexadecimal digits, with what follows it.
  private static func badPercentEscape(in url: String) -> String? {
    let scalars = Array(url.unicodeScalars)
    for (index, scalar) in scalars.enumerated() where scalar == "%" {
      let following = scalars[(index + 1)..<min(index + 3, scalars.count)]
      if following.count < 2 || !following.allSatisfy(\.properties.isASCIIHexDigit) {
        return "%" + String(String.UnicodeScalarView(following))
      }
    }
    return nil
  }

  /// The URL in quotes, cut short so a 1,000-character link does not flood the output.
  private static func quoted(_ url: String) -> String {
    let limit = 80
    return url.count <= limit ? "'\(url)'" : "'\(url.prefix(limit))...'"
  }
}
