import AppStoreCommerce
import ExternalPurchaseTokens
import Foundation

/// Reads a `.storekit` file into epsim's catalog and settings (SPEC-STOREKIT-CONFIG).
///
/// Apple publishes no schema, so the reader follows the digest: any version from 1.0, features
/// found by the keys present, unknown keys ignored with a note. A file it cannot read is refused
/// whole with the JSON path of the first bad value; nothing of it is used.
public enum StoreKitReader {
  /// Larger files are refused unread: real ones are a few kilobytes.
  public static let maximumBytes = 16 << 20

  /// Reads the file at `path`; errors name the path as given.
  public static func read(path: String) throws(StoreKitReadError) -> StoreKitConfiguration {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      let exists = FileManager.default.fileExists(atPath: path)
      throw StoreKitReadError(
        file: path, message: exists ? "cannot be read (a folder, or no permission)" : "no such file")
    }
    defer { try? handle.close() }
    let data: Data
    do {
      data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
    } catch {
      throw StoreKitReadError(file: path, message: "cannot be read: \(error.localizedDescription)")
    }
    guard data.count <= maximumBytes else {
      throw StoreKitReadError(
        file: path, message: "is larger than \(maximumBytes) bytes; not a .storekit file")
    }
    return try read(bytes: Array(data), file: path)
  }

  /// Reads a file's bytes; `file` names it in errors.
  public static func read(bytes: [UInt8], file: String) throws(StoreKitReadError) -> StoreKitConfiguration {
    let root: JSONValue
    do {
      root = try JSONValue.parse(utf8: bytes)
    } catch {
      let (line, column) = position(of: error.offset, in: bytes)
      throw StoreKitReadError(file: file, line: line, column: column, message: error.reason)
    }
    do throws(NodeError) {
      var reading = CatalogReading()
      return try reading.configuration(JSONNode(value: root, path: ""))
    } catch {
      throw StoreKitReadError(file: file, path: error.path, message: error.message)
    }
  }

  /// 1-based line and column (in characters) of a byte offset.
  static func position(of offset: Int, in bytes: [UInt8]) -> (Int, Int) {
    let end = min(offset, bytes.count)
    var line = 1
    var lineStart = 0
    for index in 0..<end where bytes[index] == UInt8(ascii: "\n") {
      line += 1
      lineStart = index + 1
    }
    // Continuation bytes do not start a character.
    let column = bytes[lineStart..<end].filter { $0 & 0xC0 != 0x80 }.count + 1
    return (line, column)
  }
}
