import ExternalPurchaseTokens

/// Apple's two hosts on the one mock server: production at the root, sandbox under `/sandbox`.
package enum AppleHosts {
  /// Where each environment's API lives on the mock server.
  package static let prefixes: [(String, TokenEnvironment)] = [("", .production), ("/sandbox", .sandbox)]
}
