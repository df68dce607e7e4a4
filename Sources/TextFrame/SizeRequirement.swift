/// The smallest frame a screen can be drawn in, with a notice for terminals below it.
///
/// What to do about a small terminal is the app's business; this is the usual answer:
/// `if !requirement.isMet(by: frame) { requirement.drawNotice(into: &frame); return }`.
public struct SizeRequirement: Hashable, Sendable {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  public func isMet(by frame: Frame) -> Bool {
    frame.width >= width && frame.height >= height
  }

  /// Clears `frame` and centres a message giving the needed and the current size in it.
  public func drawNotice(into frame: inout Frame) {
    frame.fill(frame.bounds)
    let message = [
      "Terminal too small",
      "need \(width)x\(height), have \(frame.width)x\(frame.height)",
    ]
    let area = frame.bounds.centered(width: frame.width, height: message.count)
    for (row, line) in message.enumerated() {
      let rowRect = Rect(x: area.x, y: area.y + row, width: area.width, height: 1)
      frame.put(line, in: rowRect, alignment: .center)
    }
  }
}
