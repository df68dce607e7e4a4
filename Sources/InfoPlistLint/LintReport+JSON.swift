extension LintReport {
  /// One compact JSON document for CI, keys in a fixed order:
  /// `{"files":[...],"findings":[{"file","keyPath","severity","rule","message","fix"}],
  /// "errors":N,"warnings":N,"notes":N}`. A finding without a key path has `"keyPath":null`.
  public var json: String {
    let findingObjects = findings.map { finding in
      "{"
        + [
          "\"file\":" + JSONString.quote(finding.file),
          "\"keyPath\":" + (finding.keyPath.map(JSONString.quote) ?? "null"),
          "\"severity\":" + JSONString.quote(finding.severity.rawValue),
          "\"rule\":" + JSONString.quote(finding.rule.rawValue),
          "\"message\":" + JSONString.quote(finding.message),
          "\"fix\":" + JSONString.quote(finding.fix),
        ].joined(separator: ",") + "}"
    }
    return "{"
      + [
        "\"files\":[" + files.map(JSONString.quote).joined(separator: ",") + "]",
        "\"findings\":[" + findingObjects.joined(separator: ",") + "]",
        "\"errors\":\(count(.error))",
        "\"warnings\":\(count(.warning))",
        "\"notes\":\(count(.note))",
      ].joined(separator: ",") + "}"
  }
}
