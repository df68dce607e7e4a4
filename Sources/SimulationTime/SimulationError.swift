/// An event the simulator cannot apply (an unknown device, a clock moved backwards, ...).
/// The world is left exactly as it was.
public struct SimulationError: Error, Hashable, Sendable, CustomStringConvertible {
  public var message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}
