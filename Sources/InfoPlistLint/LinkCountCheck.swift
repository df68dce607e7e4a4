/// Counts the links per country across `SKExternalPurchaseLink` and `SKExternalPurchaseMultiLink`
/// (SPEC section 6): one per country, or up to five for a music-streaming app in the EEA, with
/// the unique links of both keys counting together.
enum LinkCountCheck {
  /// Reports countries over their limit. `streaming` says whether the app is a music-streaming
  /// app; returns the countries that are within their limit only because of that.
  @discardableResult
  static func check(
    single: [String: [String]], multi: [String: [String]], streaming: Bool, into list: inout FindingList
  ) -> [String] {
    var allowedOnlyAsStreaming: [String] = []
    for country in Set(single.keys).union(multi.keys).sorted() {
      let singleLinks = single[country] ?? []
      let multiLinks = multi[country] ?? []
      let unique = uniqued(singleLinks + multiLinks)
      let streamingCountry = LintTables.streamingCountries.contains(country.lowercased())
      let maximum =
        streaming && streamingCountry
        ? LintTables.maximumStreamingLinksPerCountry : LintTables.maximumLinksPerCountry
      let path =
        multi[country] != nil ? "\(LintTables.multiLinkKey).\(country)" : "\(LintTables.linkKey).\(country)"
      if uniqued(multiLinks).count > maximum || (unique.count > maximum && maximum > 1) {
        list.add(
          .error, .linkCount, at: path, countMessage(country, count: unique.count, maximum: maximum),
          fix: countFix(country, maximum: maximum, streamingCountry: streamingCountry, streaming: streaming))
      } else if unique.count > maximum {
        list.add(
          .error, .linkMismatch, at: path,
          "\(LintTables.linkKey).\(country) and \(LintTables.multiLinkKey).\(country) name different links; "
            + "with one link allowed for '\(country)' both keys must name the same one",
          fix: "use the same URL in both keys, or remove '\(country)' from one of them")
      } else if unique.count > LintTables.maximumLinksPerCountry {
        allowedOnlyAsStreaming.append(country)
      }
    }
    return allowedOnlyAsStreaming
  }

  private static func countMessage(_ country: String, count: Int, maximum: Int) -> String {
    "'\(country)' has \(count) different links across \(LintTables.linkKey) and "
      + "\(LintTables.multiLinkKey); at most \(maximum) \(maximum == 1 ? "is" : "are") allowed"
  }

  private static func countFix(_ country: String, maximum: Int, streamingCountry: Bool, streaming: Bool)
    -> String
  {
    let keep = "keep at most \(maximum) link\(maximum == 1 ? "" : "s") for '\(country)'"
    guard !streaming, streamingCountry else { return keep }
    return keep + "; music-streaming apps with \(LintTables.streamingEntitlement) may have up to "
      + "\(LintTables.maximumStreamingLinksPerCountry) in the EEA"
  }

  /// The distinct strings of `links`, first occurrence first.
  private static func uniqued(_ links: [String]) -> [String] {
    var seen: Set<String> = []
    return links.filter { seen.insert($0).inserted }
  }
}
