import Foundation
import InfoPlistLint
import Testing

@Suite("Rule tables")
struct LintTablesTests {
  @Test func eu27HasTwentySevenDistinctLowercaseCodes() {
    #expect(LintTables.eu27.count == 27)
    #expect(Set(LintTables.eu27).count == 27)
    #expect(LintTables.eu27.allSatisfy { $0.count == 2 && $0 == $0.lowercased() })
  }

  /// The ISO list in the tables agrees with the locale data of the platform, minus the codes
  /// that locale data adds but ISO 3166-1 does not assign.
  @Test func isoListMatchesLocaleRegions() {
    let notAssigned: Set<String> = ["ac", "cp", "cq", "dg", "ea", "eu", "ez", "ic", "qo", "ta", "un", "xk"]
    let locale = Set(
      Locale.Region.isoRegions.map { $0.identifier.lowercased() }
        .filter { $0.count == 2 && $0.allSatisfy(\.isLetter) }
    ).subtracting(notAssigned)
    #expect(LintTables.iso3166Alpha2 == locale)
    #expect(LintTables.iso3166Alpha2.count == 249)
    // Every allowed code of every key is an ISO code, or the "unknown code" rule would fire on it.
    for code in LintTables.eu27 + ["kr", "is", "no", "ru", "us", "br", "jp"] {
      #expect(LintTables.iso3166Alpha2.contains(code), "\(code)")
    }
  }

  @Test func everyRuleHasAKebabCaseIdentifier() {
    for rule in LintRule.allCases {
      #expect(rule.rawValue.allSatisfy { $0.isLowercase || $0 == "-" }, "\(rule)")
    }
  }
}
