import AppleSigning
import Foundation
import MockAppleTestSupport
import Testing

/// The server against docs/control-api.openapi.json: every documented operation answers with a
/// documented status and a body that fits the documented schema.
@Suite("Mock server: control API matches its OpenAPI document")
struct OpenAPIConformanceTests {
  static let documentURL = SchemaValidator.controlAPIDocument

  private func load() throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.documentURL)) as? [String: Any])
  }

  /// The schema documented for one answer, or nil when the status is not documented.
  private func schema(_ document: [String: Any], path: String, method: String, status: Int) -> [String: Any]?
  {
    let paths = document["paths"] as? [String: Any]
    let operation = (paths?[path] as? [String: Any])?[method] as? [String: Any]
    var response = (operation?["responses"] as? [String: Any])?[String(status)] as? [String: Any]
    // A shared answer lives under components/responses: `{"$ref": "#/components/responses/NAME"}`.
    if let reference = response?["$ref"] as? String, reference.hasPrefix("#/components/responses/") {
      let name = String(reference.dropFirst("#/components/responses/".count))
      response =
        ((document["components"] as? [String: Any])?["responses"] as? [String: Any])?[name] as? [String: Any]
    }
    let content = (response?["content"] as? [String: Any])?["application/json"] as? [String: Any]
    return content?["schema"] as? [String: Any]
  }

  private func check(
    _ exchange: HTTPExchange, _ document: [String: Any], path: String, method: String
  ) throws {
    let documented = try #require(
      schema(document, path: path, method: method, status: exchange.status),
      "\(method.uppercased()) \(path) answered \(exchange.status), which the document does not list")
    let value = try JSONSerialization.jsonObject(with: exchange.body)
    let problems = SchemaValidator(document: document).problems(value, against: documented)
    #expect(problems.isEmpty, "\(method.uppercased()) \(path): \(problems.joined(separator: "; "))")
  }

  @Test func everyOperationAnswersAsDocumented() async throws {
    let document = try load()
    try await TestServer.with { server in
      let events = try #require(
        ((((document["paths"] as? [String: Any])?["/epsim/v1/events"] as? [String: Any])?["post"]
          as? [String: Any])?[
            "requestBody"] as? [String: Any]).flatMap {
            (($0["content"] as? [String: Any])?["application/json"] as? [String: Any])?["examples"]
              as? [String: Any]
          })
      // The examples in a fixed order, so the world they build is the same every run.
      for name in ["install", "requestToken", "advanceBy", "advanceTo"] {
        let example = try #require((events[name] as? [String: Any])?["value"] as? [String: Any])
        let answer = try await server.event(example)
        #expect(answer.status == 200, "example \(name)")
        try check(answer, document, path: "/epsim/v1/events", method: "post")
      }
      for path in [
        "/epsim/v1/world", "/epsim/v1/tokens", "/epsim/v1/reports", "/epsim/v1/plan",
        "/epsim/v1/notifications",
      ] {
        let answer = try await server.request("GET", path)
        #expect(answer.status == 200)
        try check(answer, document, path: path, method: "get")
      }
      for bad in [["type": "teleport"], ["type": "install", "device": "nobody"]] {
        try check(try await server.event(bad), document, path: "/epsim/v1/events", method: "post")
      }
    }
  }

  @Test func commerceOperationsAnswerAsDocumented() async throws {
    let document = try load()
    try await TestServer.withAppStore { server in
      let examples = try #require(
        ((((document["paths"] as? [String: Any])?["/epsim/v1/commerce/events"] as? [String: Any])?["post"]
          as? [String: Any])?["requestBody"] as? [String: Any]).flatMap {
            (($0["content"] as? [String: Any])?["application/json"] as? [String: Any])?["examples"]
              as? [String: Any]
          })
      for name in ["buy", "billingFails", "autoRenewOff", "refund"] {
        let example = try #require((examples[name] as? [String: Any])?["value"] as? [String: Any])
        let answer = try await server.request(
          "POST", "/epsim/v1/commerce/events", body: try JSONSerialization.data(withJSONObject: example))
        #expect(answer.status == 200, "example \(name)")
        try check(answer, document, path: "/epsim/v1/commerce/events", method: "post")
      }
      for bad in [#"{"type":"buy"}"#, #"{"type":"refund","customer":"alice","product":"lifetime"}"#] {
        let answer = try await server.request("POST", "/epsim/v1/commerce/events", body: Data(bad.utf8))
        try check(answer, document, path: "/epsim/v1/commerce/events", method: "post")
      }
      for (template, customer) in [
        ("/epsim/v1/commerce/customers/{customer}/transactions", "alice"),
        ("/epsim/v1/commerce/customers/{customer}/subscriptions", "alice"),
        ("/epsim/v1/commerce/customers/{customer}/subscriptions", "nobody"),
      ] {
        let answer = try await server.request(
          "GET", template.replacingOccurrences(of: "{customer}", with: customer))
        try check(answer, document, path: template, method: "get")
      }
      try check(
        try await server.request("GET", "/epsim/v1/commerce/catalog"), document,
        path: "/epsim/v1/commerce/catalog",
        method: "get")

      // The history: read, a move from a head that moved (409), an undo (200), a body that is no move (400).
      let history = try await server.request("GET", "/epsim/v1/history")
      try check(history, document, path: "/epsim/v1/history", method: "get")
      let stale = #"{"move":"undo","head":{"world":0,"steps":0,"position":0}}"#
      let refused = try await server.request("POST", "/epsim/v1/history", body: Data(stale.utf8))
      #expect(refused.status == 409)
      try check(refused, document, path: "/epsim/v1/history", method: "post")
      let undo = try await server.request("POST", "/epsim/v1/history", body: Data(#"{"move":"undo"}"#.utf8))
      #expect(undo.status == 200)
      try check(undo, document, path: "/epsim/v1/history", method: "post")
      for query in ["", "?after=0&limit=5", "?after=99999999"] {
        let feed = try await server.request("GET", "/epsim/v1/activity\(query)")
        #expect(feed.status == 200)
        try check(feed, document, path: "/epsim/v1/activity", method: "get")
      }
      try check(
        try await server.request("GET", "/epsim/v1/activity?after=x"), document, path: "/epsim/v1/activity",
        method: "get")
      for bad in [#"{"move":"sideways"}"#, #"{"move":"rewind"}"#, #"{"move":"undo","toStep":1}"#, "[]"] {
        let answer = try await server.request("POST", "/epsim/v1/history", body: Data(bad.utf8))
        #expect(answer.status == 400, "\(bad)")
        try check(answer, document, path: "/epsim/v1/history", method: "post")
      }
    }
  }

  /// With a control token, every documented operation refuses a request without it as documented.
  @Test func everyOperationRefusesAMissingControlTokenAsDocumented() async throws {
    let document = try load()
    let paths = try #require(document["paths"] as? [String: [String: Any]])
    let token = try #require(ControlToken("documented-control-token"))
    try await TestServer.with(controlToken: token) { server in
      for (template, operations) in paths.sorted(by: { $0.key < $1.key }) {
        let path = template.replacingOccurrences(of: "{customer}", with: "alice")
        for method in operations.keys.sorted() {
          let answer = try await server.request(
            method.uppercased(), path, body: method == "post" ? Data("{}".utf8) : nil)
          #expect(answer.status == 401, "\(method) \(path)")
          try check(answer, document, path: template, method: method)
        }
      }
      let schemes = (document["components"] as? [String: Any])?["securitySchemes"] as? [String: Any]
      let bearer = schemes?["controlToken"] as? [String: Any]
      #expect(bearer?["type"] as? String == "http" && bearer?["scheme"] as? String == "bearer")
    }
  }

  @Test func everyDocumentedPathIsServed() async throws {
    let document = try load()
    let paths = try #require(document["paths"] as? [String: [String: Any]])
    try await TestServer.with { server in
      // Paths with a {parameter} are checked with real values in `commerceOperationsAnswerAsDocumented`.
      let readable = paths.filter { $0.value["get"] != nil && !$0.key.contains("{") }.keys.sorted()
      #expect(readable.count == 10)
      for path in readable {
        let answer = try await server.request("GET", path)
        #expect(answer.status == 200, "\(path)")
      }
    }
  }
}

@Suite("Schema validator used by the conformance test")
struct SchemaValidatorTests {
  @Test func findsMissingMembersWrongTypesAndEnumValues() throws {
    let document: [String: Any] = [
      "components": [
        "schemas": [
          "Thing": [
            "type": "object", "required": ["id", "flag"],
            "properties": [
              "id": ["type": "integer"], "flag": ["type": "boolean"],
              "kind": ["type": "string", "enum": ["a", "b"]],
            ],
          ]
        ]
      ]
    ]
    let validator = SchemaValidator(document: document)
    let schema: [String: Any] = ["type": "array", "items": ["$ref": "#/components/schemas/Thing"]]
    let good = try JSONSerialization.jsonObject(with: Data(#"[{"id":1,"flag":true,"kind":"a"}]"#.utf8))
    #expect(validator.problems(good, against: schema).isEmpty)
    let bad = try JSONSerialization.jsonObject(
      with: Data(#"[{"id":true,"kind":"c"},{"id":1.5,"flag":1}]"#.utf8))
    #expect(
      validator.problems(bad, against: schema).sorted()
        == [
          "$[0]: missing required flag", "$[0].kind: c is not one of the enum values",
          "$[0].id: expected integer, found boolean", "$[1].flag: expected boolean, found integer",
          "$[1].id: expected integer, found number",
        ].sorted())
  }
}
