#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// getaddrinfo for a TCP `host` (and `port`), as the server will resolve it to listen.
enum AddressLookup {
  /// `body` on the resolved list (first entry; follow `ai_next`), freed afterwards; nil when the
  /// name does not resolve.
  static func withAddresses<T>(
    host: String, port: Int? = nil, passive: Bool = false, _ body: (UnsafeMutablePointer<addrinfo>) -> T
  ) -> T? {
    var hints = addrinfo()
    hints.ai_flags = passive ? AI_PASSIVE : 0
    hints.ai_family = AF_UNSPEC
    #if canImport(Glibc)
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #else
      hints.ai_socktype = SOCK_STREAM
    #endif
    var found: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, port.map(String.init), &hints, &found) == 0, let first = found else { return nil }
    defer { freeaddrinfo(first) }
    return body(first)
  }
}
