import ExternalPurchaseTokens

/// Why a StoreKit external purchase call throws (or `isEligible` is false) on a device (SPEC 3, 5, 6).
// Indirect: its cases hold up to two OS versions and two strings, near 90 bytes, and every event
// result that may hold one (`TokenRequestResult`, `LegacyResult`, `EventResult`) was as large,
// copied byte by byte on every event; boxed, a result is a few words and a refusal costs an
// allocation (issue 26).
public indirect enum Ineligibility: Hashable, Sendable, CustomStringConvertible {
  case osTooOld(platform: Platform, version: OSVersion, required: OSVersion, api: String)
  case apiUnavailableOnPlatform(platform: Platform, api: String)
  case cannotMakePayments(customer: String)
  case missingEntitlement(String)
  case storefrontNotAllowed(storefront: String)
  case storefrontNotListed(storefront: String, keys: String)
  case typeNotOffered(type: CustomLinkTokenType, storefront: String)
  /// Only `key` lists the storefront, and the device's OS predates it (`required`), or the key
  /// has no effect on the platform at all (`required` nil) (SPEC 6).
  case keyNeedsNewerOS(
    key: String, storefront: String, platform: Platform, version: OSVersion, required: OSVersion?)
  /// The String `token(for:)` on an OS where it is set not to answer any more (`stringFormAnswers` off).
  case stringFormGone(platform: Platform, version: OSVersion, since: OSVersion, type: CustomLinkTokenType)

  public var description: String {
    switch self {
    case .osTooOld(let platform, let version, let required, let api):
      return "\(api) needs \(platform.rawValue) \(required) or later; the device runs \(version)"
    case .apiUnavailableOnPlatform(let platform, let api):
      return "\(api) is not simulated on \(platform.rawValue)"
    case .cannotMakePayments(let customer):
      return "customer \(customer) cannot make payments"
    case .missingEntitlement(let name):
      return "the app lacks the entitlement \(name)"
    case .storefrontNotAllowed(let storefront):
      return "storefront \(storefront) does not allow external purchases of this kind"
    case .storefrontNotListed(let storefront, let keys):
      return "storefront \(storefront) is not listed in \(keys)"
    case .typeNotOffered(let type, let storefront):
      return "\(type.rawValue) tokens are not offered in storefront \(storefront)"
    case .keyNeedsNewerOS(let key, let storefront, let platform, let version, let required):
      let lead = "storefront \(storefront) is listed only in \(key), which "
      guard let required else { return lead + "has no effect on \(platform.rawValue)" }
      return lead + "needs \(platform.rawValue) \(required) or later; the device runs \(version)"
    case .stringFormGone(let platform, let version, let since, let type):
      return "token(for: \"\(type.rawValue)\") no longer answers from \(platform.rawValue) \(since) "
        + "(setting string-form off); the device runs \(version): use the typed token(for: TokenType)"
    }
  }

  /// A stable short code for scenarios and JSON transcripts.
  public var code: String {
    switch self {
    case .osTooOld: return "os-too-old"
    case .apiUnavailableOnPlatform: return "platform"
    case .cannotMakePayments: return "payments"
    case .missingEntitlement: return "entitlement"
    case .storefrontNotAllowed: return "storefront"
    case .storefrontNotListed: return "region"
    case .typeNotOffered: return "type-region"
    case .keyNeedsNewerOS(_, _, _, _, let required): return required == nil ? "platform" : "os-too-old"
    case .stringFormGone: return "string-form-gone"
    }
  }
}
