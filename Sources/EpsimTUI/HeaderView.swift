import LifecycleSimulator
import TextFrame

extension TUIState {
  /// Environment badge, clock (ISO and epoch ms), play state and time to the next expiry.
  /// Narrow terminals get shorter labels; below 75 columns the epoch ms give way, as the ISO
  /// time says the same and the time to expiry matters more.
  func drawHeader(into frame: inout Frame, in rect: Rect) {
    let world = self.world
    let sandbox = world.rules.environment == .sandbox
    let wide = rect.width >= 100
    let gap = wide ? "   " : " "
    let play =
      isPlaying ? (lineStyle == .unicode ? "▶ " : "> ") + playRate.label : "paused"
    let remaining = nextExpiry.map { DurationText.format($0 - world.now) }
    let badge = sandbox ? " SANDBOX " : " PRODUCTION "
    let clock = ISOTime.string(world.now)
    let epoch = wide ? "\(world.now) ms" : rect.width < 75 ? "" : "\(world.now)"
    var expiry: String
    if let remaining, let next = nextExpiry {
      expiry = wide ? "next expiry in \(remaining) (at \(ISOTime.string(next)))" : "expiry in \(remaining)"
      let used = [badge, clock, epoch, play, expiry].map(DisplayWidth.of).reduce(0, +) + 4 * gap.count
      if used > rect.width { expiry = "exp \(remaining)" }
    } else {
      expiry = "no expiry ahead"
    }
    var x = frame.put(
      badge, x: rect.x, y: rect.y, style: sandbox ? Theme.sandboxBadge : Theme.productionBadge)
    x = frame.put(gap + clock, x: x, y: rect.y, style: Theme.bold)
    x = frame.put(gap + epoch + (epoch.isEmpty ? "" : gap), x: x, y: rect.y)
    x = frame.put(play, x: x, y: rect.y, style: isPlaying ? Theme.playing : Theme.dim)
    x = frame.put(gap + expiry, x: x, y: rect.y)
    let right = server.map { "serving \($0.address)" } ?? "\(world.app.bundleId)  seed \(world.seed)"
    if wide, DisplayWidth.of(right) <= rect.maxX - x - 3 {
      let area = Rect(x: x, y: rect.y, width: rect.maxX - x - 1, height: 1)
      frame.put(right, in: area, alignment: .right, style: Theme.dim)
    }
  }
}
