/// The OS versions of the typed token request (SPEC 5).
extension Platform {
  /// The first OS version with the typed `token(for: TokenType)`: 27.2 on every platform
  /// (SPEC 5: "iOS 27.2 (all platforms 27.2)").
  public var typedTokenRequestMinimum: OSVersion { OSVersion(27, 2) }

  /// Where Apple's availability range of the String `token(for:)` ends (SPEC 5: 18.1 to 27.2).
  /// Whether it still answers from there on is the `stringFormAnswers` setting.
  public var stringTokenRequestEnd: OSVersion { typedTokenRequestMinimum }
}
