import Foundation
import Hummingbird

/// Builds JSON responses: sorted keys, so the same answer is always the same bytes.
enum JSONResponse {
  static func make(_ status: HTTPResponse.Status, _ value: some Encodable, headers: HTTPFields = [:])
    -> Response
  {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
    var fields = headers
    fields[.contentType] = "application/json"
    return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
  }

  /// The App Store Server API's general error shape, `{errorCode, errorMessage}`.
  static func error(_ status: HTTPResponse.Status, code: Int64, _ message: String) -> Response {
    make(status, GeneralError(errorCode: code, errorMessage: message))
  }
}

/// `{errorCode, errorMessage}`: errors that are not about a report's contents.
struct GeneralError: Codable, Hashable {
  var errorCode: Int64
  var errorMessage: String
}
