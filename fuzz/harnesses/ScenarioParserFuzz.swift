import ScenarioLanguage

/// libFuzzer entry point for the `.epsim` parser.
///
/// Besides "no crash", a parsed scenario must survive `ScenarioWriter`: its text parses again,
/// to a scenario that writes the same text (the recorder relies on this round trip).
@_cdecl("LLVMFuzzerTestOneInput")
public func scenarioParserFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let scenario: Scenario
  do {
    scenario = try ScenarioParser.parse(text, file: "fuzz.epsim")
  } catch {
    // Rendering the errors is part of what `epsim run` does with bad input.
    _ = error.description
    return 0
  }
  let written = ScenarioWriter.write(scenario)
  guard let reparsed = try? ScenarioParser.parse(written, file: "written.epsim") else {
    preconditionFailure("ScenarioWriter wrote a scenario that does not parse:\n\(written)")
  }
  precondition(ScenarioWriter.write(reparsed) == written, "the written scenario changed when read back")
  return 0
}
