import ExternalPurchaseTokens
import LifecycleSimulator

/// The repository's `sample-tokens/` directory: tokens of every kind and environment, each beside
/// its decoded JSON twin, made by the real engine from fixed seeds so they regenerate byte for byte.
public enum SampleTokens {
  /// One file of the directory.
  public struct File: Hashable, Sendable {
    public var name: String
    public var contents: String
  }

  /// Every file, README.md first, then the samples in a fixed order.
  public static func files() throws(FixtureError) -> [File] {
    let samples = try collect()
    var files = [File(name: "README.md", contents: readme(for: samples))]
    for sample in samples {
      files.append(File(name: "\(sample.name).token", contents: sample.raw + "\n"))
      files.append(File(name: "\(sample.name).json", contents: SampleTwin.json(for: sample.token)))
      if let url = sample.url { files.append(File(name: "\(sample.name).url", contents: url + "\n")) }
    }
    return files
  }

  /// The command that regenerates the directory from the repository root.
  public static let regenerateCommand = "swift run epsim samples sample-tokens"

  /// The samples of both environments, then the quirky encodings of one token.
  static func collect() throws(FixtureError) -> [Sample] {
    var samples: [Sample] = []
    for environment in [TokenEnvironment.sandbox, .production] {
      samples += try SampleWorld.samples(environment: environment)
    }
    samples += try quirkySamples(from: samples)
    return samples
  }

  /// Apple's quirks, one at a time and all together, on one custom link token. The token is the
  /// first whose JSON length makes padding visible (`=`) both alone and with every quirk.
  static func quirkySamples(from samples: [Sample]) throws(FixtureError) -> [Sample] {
    let showsPadding = { (token: ExternalPurchaseToken) in
      TokenEncoder(quirks: .padding).encode(token).hasSuffix("=")
        && TokenEncoder(quirks: .all).encode(token).hasSuffix("=")
    }
    guard let base = samples.first(where: { $0.token.kind == .customLink && showsPadding($0.token) }) else {
      throw .simulationFailed(customer: "samples", message: "no sample token shows padding")
    }
    let variants: [(String, TokenEncoder.Quirks, String)] = [
      ("padded", .padding, "with `=` padding"),
      ("trailing-newline", .trailingNewline, "with a newline after its JSON"),
      ("pretty-json", .prettyJSON, "with pretty-printed JSON (tabs and newlines)"),
      ("all-quirks", .all, "with all three quirks at once"),
    ]
    return variants.map { suffix, quirks, what in
      Sample(
        name: "quirks-\(suffix)", token: base.token, raw: TokenEncoder(quirks: quirks).encode(base.token),
        url: nil, summary: "`\(base.name)` encoded \(what)")
    }
  }
}

/// One sample: its file name stem, the token, the string as written and what it shows.
struct Sample: Hashable, Sendable {
  var name: String
  var token: ExternalPurchaseToken
  var raw: String
  /// For `ExternalPurchaseLink.open()`: the destination URL with the token appended.
  var url: String?
  var summary: String
}
