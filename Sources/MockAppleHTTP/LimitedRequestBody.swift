import Foundation
import Hummingbird
import NIOCore

/// Reading request bodies with a size limit: too large is 413, never a crash or a partial read.
package enum LimitedRequestBody {
  package enum Failure: Error {
    case tooLarge(limit: Int)
    case unreadable
  }

  package static func data(of request: Request, limit: Int) async -> Result<Data, Failure> {
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
  package static func response(for failure: Failure) -> Response {
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
