/// A point on the virtual clock: UNIX time in milliseconds, the unit tokens use.
public typealias VirtualTime = Int64

/// A span of virtual time in milliseconds.
public typealias VirtualDuration = Int64

/// Named durations in milliseconds.
public enum Milliseconds {
  public static let second: VirtualDuration = 1_000
  public static let minute: VirtualDuration = 60 * second
  public static let hour: VirtualDuration = 60 * minute
  public static let day: VirtualDuration = 24 * hour
}
