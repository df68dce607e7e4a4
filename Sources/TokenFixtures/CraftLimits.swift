/// The limits the crafted table is built around.
public enum CraftLimits {
  /// The longest token, in UTF-8 bytes, a decoder accepts: 16 KiB.
  ///
  /// Must equal `TokenDecoder.maximumTokenLength`; the decoder suite asserts it. It lives here too
  /// so the table can be built without the decoder.
  public static let maximumTokenLength = 16_384

  /// Nesting depths far beyond any sane parser cap, yet small enough to stay under the length
  /// limit, so those rows fail on depth and not on size.
  static let deepArrayNesting = 6_000
  static let deepObjectNesting = 2_000
  static let unclosedArrayNesting = 10_000
}
