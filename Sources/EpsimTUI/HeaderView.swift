import LifecycleSimulator
import TextFrame

extension TUIState {
  /// Environment badge, clock (ISO and epoch ms), play state, a pending forced refresh, time to
  /// the next expiry, and on the right the mock server's address (or the app and seed).
  /// When space runs out, parts get shorter or go in a fixed order, least useful first; the
  /// server's address only gets shorter (down to its port), since reports must be sent there.
  /// Nothing is ever cut.
  func drawHeader(into frame: inout Frame, in rect: Rect) {
    let parts = headerParts(width: rect.width)
    var x = rect.x
    for (index, part) in parts.left.enumerated() {
      if index > 0 { x = frame.put(parts.gap, x: x, y: rect.y) }
      x = frame.put(part.text, x: x, y: rect.y, style: part.style)
    }
    if let right = parts.right {
      let area = Rect(x: x, y: rect.y, width: rect.maxX - x - 1, height: 1)
      frame.put(right, in: area, alignment: .right, style: Theme.dim)
    }
  }

  /// The header's pieces for a width: the richest variant that fits.
  func headerParts(width: Int) -> (left: [(text: String, style: Style)], right: String?, gap: String) {
    let world = self.world
    let sandbox = world.rules.environment == .sandbox
    let badge = (sandbox ? " SANDBOX " : " PRODUCTION ", sandbox ? Theme.sandboxBadge : Theme.productionBadge)
    let clock = (ISOTime.string(world.now), Theme.bold)
    let play = (
      playback.isPlaying ? (lineStyle == .unicode ? "▶ " : "> ") + playback.rate.label : "paused",
      playback.isPlaying ? Theme.playing : Theme.dim
    )
    let refreshMark = lineStyle == .unicode ? "↻ " : ""
    let remaining = nextExpiry.map { DurationText.format($0 - world.now) }
    let expiries: [String] =
      remaining.map { remaining in
        [
          "next expiry in \(remaining) (at \(ISOTime.string(nextExpiry ?? 0)))", "expiry in \(remaining)",
          "exp \(remaining)",
        ]
      } ?? ["no expiry ahead", "no expiry ahead", "no expiry"]
    let refreshes =
      world.refreshNextRequest ? ["\(refreshMark)next token refreshed", "\(refreshMark)refresh armed"] : [""]
    let epochs = ["\(world.now) ms", "\(world.now)", ""]
    let serving = server.map {
      "serving \($0.address)" + ($0.refusals.isEmpty ? "" : " (\($0.refusals.count) refused)")
    }
    // Shorter ways to say where the server is, for narrow terminals: it is never dropped.
    let shorterServing = server.map { Self.shortenedAddresses($0.address) } ?? []
    let about = "\(world.app.bundleId)  seed \(world.seed)"
    // Variants from richest to poorest: (epoch, expiry, refresh, right) indexes; nil drops.
    typealias Variant = (epoch: Int, expiry: Int, refresh: Int, right: String?)
    var variants: [Variant] = [
      (0, 0, 0, serving ?? about), (0, 1, 0, serving ?? about), (0, 1, 0, serving), (1, 1, 0, serving),
      (1, 1, 1, serving), (1, 2, 1, serving), (2, 2, 1, serving),
    ]
    variants += shorterServing.map { (epoch: 2, expiry: 2, refresh: 1, right: $0) }
    if server == nil { variants.append((epoch: 2, expiry: 2, refresh: 1, right: nil)) }
    for variant in variants {
      for gap in ["   ", " "] {
        var left: [(text: String, style: Style)] = [badge, clock]
        if !epochs[variant.epoch].isEmpty { left.append((epochs[variant.epoch], Theme.plain)) }
        left.append(play)
        let refresh = refreshes[min(variant.refresh, refreshes.count - 1)]
        if !refresh.isEmpty { left.append((refresh, Theme.bold)) }
        left.append((expiries[variant.expiry], Theme.plain))
        let used = left.map { DisplayWidth.of($0.text) }.reduce(0, +) + gap.count * (left.count - 1)
        let rightWidth = variant.right.map { DisplayWidth.of($0) + 3 } ?? 0
        if used + rightWidth <= width { return (left, variant.right, gap) }
      }
    }
    // The minimum width (60) always fits the badge, the clock, play state and a short expiry;
    // a pending forced refresh keeps one mark when there is room for it. The server's port
    // stays: where there is no room for both, it takes the expiry's place.
    var minimal: [(text: String, style: Style)] = [badge, clock, play]
    let port = shorterServing.last
    let portWidth = port.map { DisplayWidth.of($0) + 3 } ?? 0
    var used = [badge, clock, play, (expiries[2], Theme.plain)].map { DisplayWidth.of($0.0) + 1 }.reduce(0, +)
    if world.refreshNextRequest, used + 2 + portWidth <= width {
      minimal.append((lineStyle == .unicode ? "↻" : "R", Theme.bold))
      used += 2
    }
    guard used + portWidth > width else { return (minimal + [(expiries[2], Theme.plain)], port, " ") }
    return (minimal, port, " ")
  }

  /// The server's address said shorter and shorter: without the word, without the scheme, the
  /// port alone (`:54321`).
  package static func shortenedAddresses(_ address: String) -> [String] {
    let withoutScheme = address.range(of: "://").map { String(address[$0.upperBound...]) } ?? address
    var forms = [address, withoutScheme]
    if let colon = withoutScheme.lastIndex(of: ":") { forms.append(String(withoutScheme[colon...])) }
    return forms
  }
}
