extension CustomLinkTokenType {
  /// The type whose raw value is exactly `bytes`, without making a string.
  init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    // Length and first letter pick the only candidate; one comparison confirms it.
    let candidate: CustomLinkTokenType
    let spelling: StaticString
    switch (bytes.count, bytes.first) {
    case (11, UInt8(ascii: "A")): (candidate, spelling) = (.acquisition, "ACQUISITION")
    case (8, UInt8(ascii: "S")): (candidate, spelling) = (.services, "SERVICES")
    case (6, UInt8(ascii: "I")): (candidate, spelling) = (.inApp, "IN_APP")
    case (8, UInt8(ascii: "L")): (candidate, spelling) = (.linkOut, "LINK_OUT")
    default: return nil
    }
    guard bytes.equals(spelling) else { return nil }
    self = candidate
  }
}
