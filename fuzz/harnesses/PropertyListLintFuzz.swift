import Foundation
import InfoPlistLint

/// libFuzzer entry point for `epsim lint`: loading XML and binary property lists, then every
/// check, with the same file as Info.plist alone and as Info.plist plus entitlements, and both
/// report renderings.
@_cdecl("LLVMFuzzerTestOneInput")
public func propertyListLintFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = Data(UnsafeBufferPointer(start: data, count: size))
  let loaded: LoadedPropertyList
  do {
    loaded = try PropertyListLoader.parse(bytes, file: "fuzz.plist")
  } catch {
    _ = error.description
    return 0
  }
  for entitlements in [nil, loaded] {
    let report = InfoPlistLinter.lint(infoPlist: loaded, entitlements: entitlements)
    _ = report.text
    _ = report.json
  }
  return 0
}
