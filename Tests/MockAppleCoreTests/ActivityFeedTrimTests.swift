import Testing

@testable import MockAppleCore

/// `ActivityFeed` on its own: numbers count on past what it keeps, a reader behind the kept
/// entries is told it missed some, and no number a reader sends can trap.
@Suite("Activity feed: numbering, trimming, readers")
struct ActivityFeedTrimTests {
  @Test func aLongFeedKeepsItsNewestEntriesAndTellsALateReader() {
    var feed = ActivityFeed()
    let total = ActivityFeed.limit + ActivityFeed.limit / 4 + 10
    for index in 0..<total { feed.append(.startedOver, at: Int64(index)) }
    #expect(feed.lastSequence == UInt64(total))
    #expect(feed.entries.count <= ActivityFeed.limit + ActivityFeed.limit / 4)
    #expect(feed.entries.last?.sequence == UInt64(total))
    let first = feed.entries[0].sequence
    let late = feed.entries(after: 0, limit: 3)
    #expect(late.missed && late.entries.map(\.sequence) == [first, first + 1, first + 2])
    let onTime = feed.entries(after: first - 1, limit: 2)
    #expect(!onTime.missed && onTime.entries.first?.sequence == first)
    let caughtUp = feed.entries(after: UInt64(total))
    #expect(caughtUp.entries.isEmpty && !caughtUp.missed)
    for hostile in [UInt64.max, UInt64.max - 1, UInt64(Int.max) + 1] {
      #expect(feed.entries(after: hostile, limit: Int.max).entries.isEmpty)
    }
    #expect(feed.entries(after: 5, limit: -3).entries.isEmpty)
  }
}
