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
    isMet(width: frame.width, height: frame.height)
  }

  public func isMet(width: Int, height: Int) -> Bool {
    width >= self.width && height >= self.height
  }

  /// Clears `frame` and centres a message giving the needed and the current size in it.
  /// `more` lines go under the sizes: what the app still does at this size, for example.
  public func drawNotice(into frame: inout Frame, more: [String] = []) {
    frame.fill(frame.bounds)
    let message =
      [
        "Terminal too small",
        "need \(width)x\(height), have \(frame.width)x\(frame.height)",
      ] + more
    // In a frame smaller than the message (down to 1x1) the start of each line shows, from the
    // top left, rather than a centred middle that reads as nothing.
    let top = max(0, (frame.height - message.count) / 2)
    for (row, line) in message.enumerated() where top + row < frame.height {
      let rowRect = Rect(x: 0, y: top + row, width: frame.width, height: 1)
      frame.put(line, in: rowRect, alignment: line.count > frame.width ? .left : .center)
    }
  }
}
