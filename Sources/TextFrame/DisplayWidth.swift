/// How many terminal columns text takes.
///
/// Every grapheme is one column wide except the East Asian wide and fullwidth ranges and
/// emoji listed below, which take two. This is deliberately a short table rather than a full
/// Unicode width database: epsim's own text is ASCII plus box drawing, and a short table is
/// easy to check. Control characters are never drawn (see `Frame.put`).
public enum DisplayWidth {
  /// Ranges of scalars a terminal draws two columns wide.
  static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo initial consonants
    0x2E80...0x303E,  // CJK radicals, Kangxi, CJK symbols and punctuation
    0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility, CJK compatibility
    0x3400...0x4DBF,  // CJK extension A
    0x4E00...0x9FFF,  // CJK unified ideographs
    0xA000...0xA4CF,  // Yi
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE30...0xFE4F,  // CJK compatibility forms
    0xFF00...0xFF60,  // Fullwidth forms
    0xFFE0...0xFFE6,  // Fullwidth signs
    0x1F300...0x1F64F,  // Pictographs and emoticons
    0x1F680...0x1F6FF,  // Transport and map symbols
    0x1F900...0x1F9FF,  // Supplemental symbols and pictographs
    0x20000...0x2FFFD,  // CJK extension B and later
    0x30000...0x3FFFD,
  ]

  /// Columns one grapheme takes: 2 for wide ones, otherwise 1.
  public static func of(_ character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 1 }
    // U+FE0F asks for emoji presentation, which terminals draw two columns wide.
    if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
    return wideRanges.contains { $0.contains(first.value) } ? 2 : 1
  }

  /// Columns a string takes when drawn in one line.
  public static func of(_ text: String) -> Int {
    text.reduce(0) { $0 + of($1) }
  }

  /// `text` cut to at most `width` columns; when cut, the end is replaced by `ellipsis`
  /// (for example "…" with Unicode lines or "~" with ASCII ones, see `LineStyle.ellipsis`).
  public static func truncated(_ text: String, toWidth width: Int, ellipsis: String) -> String {
    guard of(text) > width else { return text }
    let room = width - of(ellipsis)
    guard room >= 0 else { return prefix(of: ellipsis, width: width) }
    return prefix(of: text, width: room) + ellipsis
  }

  /// The longest start of `text` that fits into `width` columns.
  public static func prefix(of text: String, width: Int) -> String {
    var used = 0
    var result = ""
    for character in text {
      let columns = of(character)
      if used + columns > width { break }
      used += columns
      result.append(character)
    }
    return result
  }
}
