import AppleSigning
import Crypto
import ExternalPurchaseTokens
import Foundation
import Testing

/// The server's JWT checks against seeded mutations of a valid bearer token: no input crashes
/// the verifier, every changed token is refused with a reason, and the untouched one passes.
/// A seeded stand-in for a fuzz harness: libFuzzer's build in `fuzz/run` cannot link swift-crypto.
@Suite("Mock server: JWT verifier under mutation")
struct JWTMutationTests {
  @Test func mutatedTokensAreRefusedWithAReasonAndNeverCrash() throws {
    let key = P256.Signing.PrivateKey()
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let verifier = AppStoreJWTVerifier(publicKey: key.publicKey, bundleId: "com.example.epsim")
    let jwt = try JWTSigner(privateKey: key, keyId: "K", issuerId: "I").token(
      bundleId: "com.example.epsim", issuedAt: now)
    guard case .success = verifier.verify(authorization: "Bearer \(jwt)", now: now) else {
      Issue.record("the valid token was refused")
      return
    }
    let original = Array(jwt.utf8)
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/ {}\"".utf8)
    var random = SeededGenerator(seed: 0x1A7)
    var refused = 0
    for _ in 0..<3_000 {
      var bytes = original
      for _ in 0...random.below(3) {
        let index = random.below(bytes.count)
        switch random.below(4) {
        case 0: bytes[index] = alphabet[random.below(alphabet.count)]
        case 1: bytes.remove(at: index)
        case 2: bytes.insert(alphabet[random.below(alphabet.count)], at: index)
        default: bytes = Array(bytes[..<index])
        }
        if bytes.isEmpty { bytes = [UInt8(ascii: ".")] }
      }
      guard bytes != original else { continue }
      let text = String(decoding: bytes, as: UTF8.self)
      switch verifier.verify(authorization: "Bearer \(text)", now: now) {
      case .failure(let failure):
        refused += 1
        #expect(!failure.description.isEmpty)
      case .success:
        // Only a change Base64URL cannot see (the unused bits of a last character) may pass.
        #expect(text.count == jwt.count, "a changed token passed: \(text)")
      }
    }
    #expect(refused > 2_500)
  }
}
