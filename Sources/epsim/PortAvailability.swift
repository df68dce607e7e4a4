import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether the server's address can be listened on, asked before anything is printed.
///
/// The server would find out itself, but only after a generated key had been printed, and its
/// error names NIO's system call (`bind(descriptor:ptr:bytes:)`) and an errno instead of the port.
enum PortAvailability {
  /// Why `port` on `host` cannot be listened on, or nil when it can (or when the question cannot
  /// be asked here: the server then reports what it finds). Port 0 is always free.
  static func problem(host: String, port: Int) -> String? {
    guard port != 0 else { return nil }
    return AddressLookup.withAddresses(host: host, port: port, passive: true) {
      bindProblem(host: host, port: port, $0)
    }
      ?? nil
  }

  /// Why the first of `address` cannot be bound, or nil.
  private static func bindProblem(host: String, port: Int, _ address: UnsafeMutablePointer<addrinfo>)
    -> String?
  {
    let descriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype, 0)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    // The server sets SO_REUSEADDR too, so a port held only by connections closing (TIME_WAIT)
    // counts as free here as it does there.
    var one: Int32 = 1
    _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
    guard bind(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) != 0 else { return nil }
    switch errno {
    case EADDRINUSE: return inUse(host: host, port: port)
    case EACCES:
      return "port \(port) on \(host) needs more privileges than this user has; use --port N above 1023"
    case EADDRNOTAVAIL: return "\(host) is not an address of this machine; use --host 127.0.0.1"
    default: return nil
    }
  }

  /// The message for a port another process listens on.
  static func inUse(host: String, port: Int) -> String {
    "port \(port) on \(host) is in use; use --port N, or --port 0 for a free one"
  }

  /// True when the server's own error says the address was taken (between the check and the start).
  static func isAddressInUse(_ error: any Error) -> Bool {
    let text = "\(error)"
    return text.contains("Address already in use") || text.contains("errno: \(EADDRINUSE))")
  }
}
