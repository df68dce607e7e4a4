import ExternalPurchaseTokens

/// libFuzzer entry point for `TokenDecoder`, both modes.
///
/// Besides "no crash", it checks the promises the modes make to each other: whatever strict
/// mode accepts, lenient mode accepts as the same token, and it is exactly the text
/// `TokenEncoder()` writes; whatever lenient mode accepts re-encodes to a token that lenient
/// mode reads back unchanged, and that strict mode accepts once unknown fields are dropped
/// (strict mode refuses them). A broken promise traps, so libFuzzer records the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func tokenDecoderFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  // Invalid UTF-8 is repaired by String(decoding:), as it is for a command-line argument.
  let text = String(decoding: bytes, as: UTF8.self)
  let lenient = try? TokenDecoder(mode: .lenient).decode(text)
  let strict = try? TokenDecoder(mode: .strict).decode(text)
  if let strict {
    precondition(lenient == strict, "strict accepted a token lenient read differently")
    precondition(TokenEncoder().encode(strict) == text, "strict accepted a non-canonical token")
  }
  if let lenient {
    let encoded = TokenEncoder().encode(lenient)
    let again = try? TokenDecoder(mode: .lenient).decode(encoded)
    precondition(again == lenient, "an accepted token does not survive encoding and decoding")
    var known = lenient
    known.extraFields = []
    let canonical = try? TokenDecoder(mode: .strict).decode(TokenEncoder().encode(known))
    precondition(canonical == known, "the canonical form of an accepted token is not strict")
  }
  // The link-out reader sees the same bytes as a URL.
  _ = LinkOutURL.token(in: text)
  return 0
}
