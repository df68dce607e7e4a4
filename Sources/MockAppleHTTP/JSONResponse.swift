import Foundation
import Hummingbird

/// Builds JSON responses: sorted keys, so the same answer is always the same bytes.
package enum JSONResponse {
  package static func make(_ status: HTTPResponse.Status, _ value: some Encodable, headers: HTTPFields = [:])
    -> Response
  {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
    var fields = headers
    fields[.contentType] = "application/json"
    return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
  }

  /// `head` as a JSON object with one more member, `key`, last: a list of compact JWS strings,
  /// written as they are. A history page is about 80 KB of JWS; passing it through JSONEncoder
  /// (which checks every character for escaping) cost more than the rest of the request.
  /// JWS strings are Base64URL segments and dots only, so they never need escaping; `key` must
  /// sort after every member of `head` for the keys to stay sorted.
  package static func withSignedList(_ head: some Encodable, key: String, _ list: [String]) -> Response {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var data = (try? encoder.encode(head)) ?? Data("{}".utf8)
    data.removeLast()  // the closing brace
    let total = data.count + key.utf8.count + 8 + list.reduce(0) { $0 + $1.utf8.count + 3 }
    var buffer = ByteBuffer()
    buffer.reserveCapacity(total)
    buffer.writeBytes(data)
    buffer.writeString(data.count > 1 ? ",\"\(key)\":[" : "\"\(key)\":[")
    for (index, jws) in list.enumerated() {
      buffer.writeString(index == 0 ? "\"" : ",\"")
      buffer.writeString(jws)
      buffer.writeString("\"")
    }
    buffer.writeString("]}")
    var fields = HTTPFields()
    fields[.contentType] = "application/json"
    return Response(status: .ok, headers: fields, body: ResponseBody(byteBuffer: buffer))
  }

  /// The App Store Server API's general error shape, `{errorCode, errorMessage}`.
  package static func error(_ status: HTTPResponse.Status, code: Int64, _ message: String) -> Response {
    make(status, GeneralError(errorCode: code, errorMessage: message))
  }
}

/// `{errorCode, errorMessage}`: errors that are not about a report's contents.
package struct GeneralError: Codable, Hashable {
  package var errorCode: Int64
  package var errorMessage: String
}
