import MockAppleServer

/// A server ready to run, and the private key made for it when no --public-key was given.
struct PreparedServer {
  var server: MockAppleServer
  /// PEM of the key made for this run, to print once the server listens; nil with --public-key.
  var generatedKey: String?
  /// Lines to print once the server listens (a kept key's file, a resumed state).
  var notices: [String] = []

  /// What `epsim serve` prints about a generated key: the key, and how to keep using it.
  static func keyNotice(_ pem: String) -> String {
    "epsim serve: no --public-key, so this key was made for this run; sign your JWTs with it. "
      + "To keep it, save it (from the BEGIN line to the END line) as AuthKey.p8 and start with "
      + "--public-key AuthKey.p8 next time.\n" + pem
  }
}
