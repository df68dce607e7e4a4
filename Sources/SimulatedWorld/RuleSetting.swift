import ExternalPurchaseTokens
import LifecycleSimulator

/// One field of `LifecycleRules`.
public enum RuleSetting: Hashable, Sendable {
  /// Only the id environment (`SANDBOX_` prefix or not); the other rules stay.
  case environment(TokenEnvironment)
  case creation(PeriodCreation)
  case servicesRenewal(ServicesRenewal)
  /// One type's lifetime, or every type's when the type is nil (`lifetime all 1h`).
  case lifetime(CustomLinkTokenType?, VirtualDuration)
  case refresh(RefreshPolicy)
  case osGating(Bool)
  case eligibilityChecks(Bool)
  case typeRegionGating(Bool)
  case creationNeedsEligibility(Bool)
  /// `type-regions brazil on|off`: IN_APP and LINK_OUT in Brazil too, or Japan alone.
  case perTransactionInBrazil(Bool)
  case sheetAndLinkNeedPayments(Bool)
  case stringFormAnswers(Bool)
  case typedTokenType(TypedTokenRequest, CustomLinkTokenType)
}
