import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// Why one POST to the webhook got no usable HTTP answer, in the words the delivery log shows.
package enum WebhookFailure: Error, Equatable, CustomStringConvertible {
  /// No answer within the sender's timeout.
  case timedOut
  /// The host could not be found or refused the connection.
  case noResponse(String)
  /// The connection closed before a whole answer came.
  case prematureClose
  /// The TLS handshake failed: an untrusted or invalid certificate, or no common protocol.
  case tls(String)
  /// Redirects that loop or go on past `WebhookSender.redirectLimit`.
  case tooManyRedirects
  /// Bytes that are not an HTTP answer.
  case invalidResponse(String)
  /// A URL epsim cannot POST to (not http or https, or without a host).
  case unsupportedURL(String)
  /// Anything else, with the system's words.
  case other(String)

  /// Sorts any error thrown while connecting, writing or reading into a failure.
  init(_ error: any Error) {
    switch error {
    case let failure as WebhookFailure: self = failure
    case ChannelError.connectTimeout: self = .timedOut
    case let connection as NIOConnectionError:
      self = .noResponse(Self.describe(connection))
    case let io as IOError:
      switch io.errnoCode {
      case ECONNREFUSED, EHOSTUNREACH, ENETUNREACH: self = .noResponse(Self.words(io.errnoCode))
      case ECONNRESET, EPIPE: self = .prematureClose
      case ETIMEDOUT: self = .timedOut
      default: self = .other(Self.words(io.errnoCode))
      }
    case ChannelError.eof, ChannelError.ioOnClosedChannel, ChannelError.alreadyClosed:
      self = .prematureClose
    case let tls as NIOSSLError: self = .tls("\(tls)")
    case let tls as BoringSSLError: self = .tls("\(tls)")
    case let tls as NIOSSLExtraError: self = .tls("\(tls)")
    case let parse as HTTPParserError: self = .invalidResponse("\(parse)")
    default: self = .other("\(error)")
    }
  }

  package var description: String {
    switch self {
    case .timedOut: "the webhook did not answer in time"
    case .noResponse(let why): "could not connect to the webhook: \(why)"
    case .prematureClose: "the webhook closed the connection before answering"
    case .tls(let why): "the TLS handshake with the webhook failed: \(why)"
    case .tooManyRedirects: "the webhook's redirects loop or go on too long"
    case .invalidResponse(let why): "the webhook's answer is not HTTP: \(why)"
    case .unsupportedURL(let url): "epsim cannot POST to \(url): it needs an http or https URL with a host"
    case .other(let why): why
    }
  }

  /// The first reason a connection attempt failed: the host's lookup, else the first refusal.
  private static func describe(_ error: NIOConnectionError) -> String {
    if let refusal = error.connectionErrors.first?.error as? IOError {
      return words(refusal.errnoCode)
    }
    if error.dnsAError != nil || error.dnsAAAAError != nil || error.connectionErrors.isEmpty {
      return "the host \(error.host) was not found"
    }
    return "\(error.connectionErrors.first.map { "\($0.error)" } ?? "no address answered")"
  }

  private static func words(_ code: Int32) -> String { String(cString: strerror(code)) }
}
