import AppStoreCommerce
import AppleWireTypes
import ExternalPurchaseTokens
import Foundation
import Testing

@testable import ScenarioLanguage

/// The payload field tables (`PayloadFields`) against the payloads' own Codable encoding: a field
/// added to `TransactionPayload` or `RenewalInfoPayload` and forgotten in its table fails here.
@Suite("Payload fields: every field the payload encodes is reachable by name")
struct PayloadFieldsTests {
  @Test func theTransactionTableHasEveryEncodedFieldEachReadingItsOwn() throws {
    try Self.check(PayloadFields.transaction, of: TransactionPayload.self)
  }

  @Test func theRenewalInfoTableHasEveryEncodedFieldEachReadingItsOwn() throws {
    try Self.check(PayloadFields.renewalInfo, of: RenewalInfoPayload.self)
  }

  @Test func everyFieldAnExpectationMayNameIsInItsTable() {
    #expect(Set(ScenarioParser.transactionFields).isSubset(of: PayloadFields.transactionByName.keys))
    #expect(Set(ScenarioParser.renewalFields).isSubset(of: PayloadFields.renewalInfoByName.keys))
  }

  @Test func fieldsReadAsScenarioLinesWriteThem() throws {
    let json =
      #"{"autoRenewStatus": 1, "isInBillingRetryPeriod": false, "eligibleWinBackOfferIds": ["w.1", "w.2"]}"#
    let info = try JSONDecoder().decode(RenewalInfoPayload.self, from: Data(json.utf8))
    let fields = PayloadFields.renewalInfoByName
    #expect(PayloadFields.text("autoRenewStatus", of: info, in: fields) == "1")
    #expect(PayloadFields.text("isInBillingRetryPeriod", of: info, in: fields) == "false")
    #expect(
      PayloadFields.text("eligibleWinBackOfferIds", of: info, in: fields) == "w.1,w.2")
    #expect(PayloadFields.text("expirationIntent", of: info, in: fields) == "none", "absent")
    #expect(PayloadFields.text("noSuchField", of: info, in: fields) == "none", "not a field")
  }

  /// The fields typed with one of Apple's fixed lists take a value from the list: encoded as their
  /// raw values, they record as plain strings and numbers, which a unique sample would not decode.
  static let listedSamples: [String: (String, JSONValue)] = [
    "environment": ("\"Sandbox\"", .string("Sandbox")),
    "inAppOwnershipType": ("\"FAMILY_SHARED\"", .string("FAMILY_SHARED")),
    "offerDiscountType": ("\"PAY_AS_YOU_GO\"", .string("PAY_AS_YOU_GO")),
    "revocationType": ("\"REFUND_PRORATED\"", .string("REFUND_PRORATED")),
    "transactionReason": ("\"RENEWAL\"", .string("RENEWAL")),
    "type": ("\"Non-Consumable\"", .string("Non-Consumable")),
    "offerType": ("3", .number("3")),
    "revocationReason": ("1", .number("1")),
    "expirationIntent": ("4", .number("4")),
  ]

  /// Each field given a listed sample is typed: a value outside Apple's list does not decode.
  /// `environment` is the exception: `AppleEnvironment` keeps a value Apple adds later (decision 0154).
  @Test func theListedFieldsAreTyped() {
    for name in Self.listedSamples.keys where name != "environment" {
      let outside = Data(#"{"\#(name)": "notOnAnyList"}"#.utf8)
      let numberOutside = Data(#"{"\#(name)": 999}"#.utf8)
      let transaction =
        (try? JSONDecoder().decode(TransactionPayload.self, from: outside)) != nil
        || (try? JSONDecoder().decode(TransactionPayload.self, from: numberOutside)) != nil
      let renewal =
        (try? JSONDecoder().decode(RenewalInfoPayload.self, from: outside)) != nil
        || (try? JSONDecoder().decode(RenewalInfoPayload.self, from: numberOutside)) != nil
      // A field a payload lacks decodes as absent from anything: only fields present are judged.
      let inTransaction = PayloadFields.transactionByName[name] != nil
      let inRenewal = PayloadFields.renewalInfoByName[name] != nil
      #expect(!(inTransaction && transaction), "\(name) takes a value off Apple's list in a transaction")
      #expect(!(inRenewal && renewal), "\(name) takes a value off Apple's list in renewal info")
    }
  }

  /// The table lists each encoded field once, in alphabetical order (the JSON transcript's), and
  /// each entry reads its own field: a payload decoded with a distinct value in every field
  /// gives that value back by the field's name.
  static func check<Payload: Codable>(_ table: [PayloadField<Payload>], of type: Payload.Type) throws {
    let recorder = KeyRecorder()
    try JSONDecoder().decode(Payload.self, from: Data("{}".utf8)).encode(to: recorder)
    let names = table.map(\.name)
    let encoded = recorder.fields.map(\.name)
    #expect(Set(encoded).subtracting(names).sorted() == [], "encoded, missing from the table")
    #expect(names == encoded.sorted(), "the encoded fields, once each, in alphabetical order")
    var members: [String] = []
    var expected: [String: JSONValue] = [:]
    for (index, (name, kind)) in recorder.fields.enumerated() {
      let (json, value) = listedSamples[name] ?? kind.sample(index)
      members.append("\"\(name)\": \(json)")
      expected[name] = value
    }
    let payload = try JSONDecoder().decode(
      Payload.self, from: Data(("{" + members.joined(separator: ",") + "}").utf8))
    for field in table {
      #expect(field.value(payload) == expected[field.name], "\(field.name)")
    }
  }
}

/// What a synthesized `encode(to:)` writes, nil members included: each optional member goes
/// through `encodeIfPresent`, which this container records, with its kind, before skipping.
final class KeyRecorder: Encoder {
  enum Kind {
    case string, integer, bool, strings, object

    /// A value of this kind unique to field `index`: as JSON text, and as the table should read it.
    func sample(_ index: Int) -> (String, JSONValue) {
      switch self {
      case .string: ("\"text\(index)\"", .string("text\(index)"))
      case .integer: ("\(1000 + index)", .number("\(1000 + index)"))
      case .bool: ("true", .bool(true))
      case .strings: ("[\"a\(index)\", \"b\(index)\"]", .array([.string("a\(index)"), .string("b\(index)")]))
      case .object:
        (
          "{\"key\(index)\": \"value\(index)\"}",
          .object([JSONMember(name: "key\(index)", value: .string("value\(index)"))])
        )
      }
    }
  }

  var fields: [(name: String, kind: Kind)] = []
  var codingPath: [any CodingKey] = []
  var userInfo: [CodingUserInfoKey: Any] = [:]

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(Container(recorder: self))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer { preconditionFailure("payloads are objects") }
  func singleValueContainer() -> any SingleValueEncodingContainer {
    preconditionFailure("payloads are objects")
  }

  struct Container<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let recorder: KeyRecorder
    var codingPath: [any CodingKey] { [] }

    func record(_ key: Key, _ kind: Kind) { recorder.fields.append((key.stringValue, kind)) }

    mutating func encodeIfPresent(_ value: String?, forKey key: Key) { record(key, .string) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) { record(key, .integer) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) { record(key, .integer) }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) { record(key, .bool) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) {
      switch T.self {
      case is [String].Type: record(key, .strings)
      case is [String: String].Type: record(key, .object)
      // One of Apple's fixed lists, encoded through its own container: `listedSamples` has its value.
      case is any RawRepresentable.Type: record(key, .string)
      default: preconditionFailure("a payload field of type \(T.self): give KeyRecorder its kind")
      }
    }
    mutating func encodeNil(forKey key: Key) { preconditionFailure("payload fields are optional") }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) {
      preconditionFailure("payload fields are optional")
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
      -> KeyedEncodingContainer<NestedKey>
    {
      preconditionFailure("payload fields are flat")
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      preconditionFailure("payload fields are flat")
    }
    mutating func superEncoder() -> any Encoder { recorder }
    mutating func superEncoder(forKey key: Key) -> any Encoder { recorder }
  }
}
