/// A world kept in the simulation's history, stored so that consecutive snapshots share what
/// did not change between them: the token and period lists, which grow with the session, are
/// cut into fixed-size chunks, and a chunk equal to the previous snapshot's is that chunk.
struct WorldSnapshot: Sendable {
  /// How many steps were in effect when it was taken.
  let step: Int
  /// The world with its token and period lists emptied; they are in the chunks.
  private let rest: WorldState
  private let tokens: SharedChunks<IssuedToken>
  private let periods: SharedChunks<TokenPeriod>

  init(step: Int, world: WorldState, previous: WorldSnapshot?) {
    self.step = step
    tokens = SharedChunks(world.tokens, reusing: previous?.tokens)
    periods = SharedChunks(world.periods, reusing: previous?.periods)
    var rest = world
    rest.tokens = []
    rest.periods = []
    self.rest = rest
  }

  /// The world as it was.
  var world: WorldState {
    var world = rest
    world.tokens = tokens.elements
    world.periods = periods.elements
    return world
  }
}

/// An array as chunks of `size` elements, each shared with an earlier copy when equal to it.
struct SharedChunks<Element: Equatable & Sendable>: Sendable {
  /// Large enough that the chunk list stays short, small enough that the changed chunk at the
  /// end (where lists grow) costs little.
  static var size: Int { 64 }

  private let chunks: [[Element]]
  private let count: Int

  init(_ elements: [Element], reusing earlier: SharedChunks?) {
    let size = Self.size
    count = elements.count
    chunks = stride(from: 0, to: elements.count, by: size).enumerated().map { index, start in
      let part = elements[start..<min(start + size, elements.count)]
      // Equal chunks are nearly always the same values: comparing is cheap next to copying.
      if let earlier, index < earlier.chunks.count, earlier.chunks[index].elementsEqual(part) {
        return earlier.chunks[index]
      }
      return Array(part)
    }
  }

  var elements: [Element] {
    var elements: [Element] = []
    elements.reserveCapacity(count)
    for chunk in chunks { elements.append(contentsOf: chunk) }
    return elements
  }
}
