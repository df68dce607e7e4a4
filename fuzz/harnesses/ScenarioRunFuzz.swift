import ScenarioLanguage

/// libFuzzer entry point for what `epsim run` does with a scenario that parses: run it and render
/// its transcript. Parsing alone never found the clock overflows that running found (a duration,
/// a lifetime or an offset added to a time); this harness runs what the parser accepts, so any
/// arithmetic that traps on a parsed number is a crash here.
@_cdecl("LLVMFuzzerTestOneInput")
public func scenarioRunFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  guard let scenario = try? ScenarioParser.parse(text, file: "fuzz.epsim") else { return 0 }
  let transcript = ScenarioRunner().run(scenario, file: "fuzz.epsim")
  _ = TranscriptJSON.document([transcript])
  _ = TranscriptText.document([transcript])
  return 0
}
