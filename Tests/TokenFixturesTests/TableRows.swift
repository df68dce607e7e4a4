import TokenFixtures

/// Lookups into the seed-1 table shared by the defect suites.
enum TableRows {
  static let all = CraftTable.all(seed: 1)

  static func rows(_ category: CraftCategory) -> [CraftedToken] {
    all.filter { $0.category == category }
  }

  static func row(_ label: String) -> CraftedToken {
    guard let row = all.first(where: { $0.label == label }) else { preconditionFailure("no row \(label)") }
    return row
  }
}
