/// The values of `Ineligibility.code`, which `expect not eligible reason CODE` accepts.
///
/// Kept here because `Ineligibility` has associated values and no list of its cases; a test
/// checks every code the engine produces is in this list.
enum IneligibilityCodes {
  static let all = [
    "os-too-old", "platform", "payments", "entitlement", "storefront", "region", "type-region",
    "string-form-gone",
  ]
}
