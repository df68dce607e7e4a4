import Foundation
import Hummingbird
import NIOCore

/// Reading request bodies with a size limit: too large is 413, never a crash or a partial read.
enum RequestBody {
  enum Failure: Error {
    case tooLarge(limit: Int)
    case unreadable
  }

  static func data(of request: Request, limit: Int) async -> Result<Data, Failure> {
    do {
      let buffer = try await request.body.collect(upTo: limit)
      return .success(Data(buffer.readableBytesView))
    } catch is NIOTooManyBytesError {
      return .failure(.tooLarge(limit: limit))
    } catch {
      return .failure(.unreadable)
    }
  }

  /// The 413 or 400 answer for a body that could not be read.
  static func response(for failure: Failure) -> Response {
    switch failure {
    case .tooLarge(let limit):
      return JSONResponse.error(
        .contentTooLarge, code: GeneralErrorCode.bodyTooLarge,
        "the request body is larger than \(limit) bytes")
    case .unreadable:
      return JSONResponse.error(
        .badRequest, code: GeneralErrorCode.malformedRequest, "the request body could not be read")
    }
  }
}

/// `errorCode`s of answers that are not about a report's contents. 4290000 is the App Store
/// Server API's published rate-limit code; the others are epsim's, in the same style.
enum GeneralErrorCode {
  static let malformedRequest: Int64 = 4_000_000
  static let unauthorized: Int64 = 4_010_000
  static let reportNotFound: Int64 = 4_040_000
  static let conflict: Int64 = 4_090_000
  static let bodyTooLarge: Int64 = 4_130_000
  static let rateLimitExceeded: Int64 = 4_290_000
}
