/// The version `epsim --version` prints.
enum EpsimVersion {
  /// Raised by hand with each release.
  static let current = "0.1.0"
}
