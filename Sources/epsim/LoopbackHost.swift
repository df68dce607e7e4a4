#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether a --host keeps the server on this machine: 127.0.0.0/8, ::1 (also as an IPv4-mapped
/// address), or a name every address of which is one of those (`localhost`). The wildcard
/// addresses (0.0.0.0, ::) and anything unresolvable count as exposed.
enum LoopbackHost {
  static func isLoopback(_ host: String) -> Bool {
    AddressLookup.withAddresses(host: host) { first in
      var cursor: UnsafeMutablePointer<addrinfo>? = first
      while let entry = cursor {
        guard let address = entry.pointee.ai_addr, isLoopback(address) else { return false }
        cursor = entry.pointee.ai_next
      }
      return true
    } ?? false
  }

  private static func isLoopback(_ address: UnsafeMutablePointer<sockaddr>) -> Bool {
    switch Int32(address.pointee.sa_family) {
    case AF_INET:
      return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
        UInt32(bigEndian: $0.pointee.sin_addr.s_addr) >> 24 == 127
      }
    case AF_INET6:
      return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
        let bytes = withUnsafeBytes(of: $0.pointee.sin6_addr) { Array($0) }
        let loopback6 = bytes[0..<15].allSatisfy { $0 == 0 } && bytes[15] == 1
        let mapped = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
        return loopback6 || (mapped && bytes[12] == 127)
      }
    default: return false
    }
  }
}
