import ArgumentParser
import ExternalPurchaseTokens
import FileOutput
import FixtureGenerator
import Foundation

/// `epsim generate`: bulk, realistic, reproducible token fixtures.
struct GenerateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "generate",
    abstract: "Simulate many customers and write every token they get, one a line.",
    discussion: """
      Each customer lives through the lifecycle engine in a world of their own, with the same app: \
      installs on one to three devices, updates, uninstalls, redownloads, token requests, refreshes \
      and expiries, in storefronts mostly inside and some outside the app's regions. The same seed \
      gives the same bytes. Token states are as of the end of the window, which starts at \
      2026-03-01T00:00:00Z. With --purchases-out, customers also buy through Apple (subscriptions \
      with renewals, trials, auto-renew turned off, failing cards, refunds, coins and unlocks), \
      simulated by the commerce engine on the same clock; see docs/tools.md for the line format.
      """)

  // Unconditional parsing on the number options, so `--customers -1` is read as a value and
  // refused by name, rather than taken for an unknown flag ("Missing value").
  @Option(parsing: .unconditional, help: "How many customers to simulate (1 to 1,000,000,000).")
  var customers: Int

  @Option(
    parsing: .unconditional, help: "The seed: the same seed and options give the same output byte for byte.")
  var seed: UInt64 = 1

  @Option(help: "The environment the tokens belong to.")
  var env: EnvironmentArgument = .production

  @Option(
    parsing: .unconditional,
    help: "The length of the simulated window in days (1 to \(GenerateOptions.maximumDays)).")
  var days: Int = 30

  @Flag(help: "Encode a seeded quarter of the tokens with Apple's quirks and name them in the JSONL.")
  var quirks = false

  @Option(
    help: "jsonl: a JSON object per token, with its decoded fields and context; tokens: the raw strings only."
  )
  var format: FormatArgument = .jsonl

  @Option(help: "Write to this file (replaced only once complete) instead of standard output.")
  var output: String?

  @Option(
    help: ArgumentHelp(
      "Also give each customer an Apple purchase history and write it to this file, one JSON line per transaction.",
      valueName: "file"))
  var purchasesOut: String?

  @Option(
    help: ArgumentHelp(
      "Draw the purchase histories from this Xcode StoreKit configuration's products instead of the demo catalog.",
      valueName: "path"))
  var storekit: String?

  // Optional, so the help shows no number: the default is this machine's, not a constant.
  @Option(
    name: .customLong("jobs"), parsing: .unconditional,
    help: "Threads to simulate on (default: the number of cores); the output is the same for any number.")
  var jobsOption: Int?

  /// `--jobs`, or one thread per core.
  var jobs: Int { jobsOption ?? ProcessInfo.processInfo.activeProcessorCount }

  var options: GenerateOptions {
    GenerateOptions(
      customers: customers, seed: seed, environment: env.environment, days: days, quirks: quirks,
      format: format.format)
  }

  func validate() throws {
    if let problem = options.problem { throw ValidationError(problem) }
    if jobs < 1 || jobs > 256 { throw ValidationError("--jobs must be between 1 and 256 (got \(jobs))") }
    if let purchasesOut {
      if purchasesOut.isEmpty { throw ValidationError("--purchases-out needs a file path") }
      if let output, output == purchasesOut {
        throw ValidationError("--purchases-out and --output must be different files (both are \(output))")
      }
    }
  }

  /// Writes the purchase histories to their own file, left uncommitted until the tokens are written
  /// too, so a failure leaves neither file behind.
  private func writePurchases(_ generator: FixtureGenerator) throws -> AtomicFile? {
    guard let purchasesOut else { return nil }
    var file = try AtomicFile(path: purchasesOut)
    do {
      try generator.generatePurchases(into: &file, workers: jobs)
    } catch {
      file.discard()
      throw error
    }
    return file
  }

  func run() throws {
    var options = self.options
    if let storekit {
      // Only the products: the customers' behaviour is the generator's mix, not the file's settings.
      let file = try StoreKitOption.load(storekit, command: "generate")
      if !file.settings.isEmpty {
        StandardError.write(
          "epsim generate: note: \(storekit): the file's settings do not apply; generated customers follow "
            + "generate's own mix (renewal failures, grace period, production or sandbox durations)")
      }
      options.products = file.products
    }
    let generator = try FixtureGenerator(options: options)
    do {
      var purchases = try writePurchases(generator)
      defer { purchases?.discard() }
      if let output {
        var file = try AtomicFile(path: output)
        do {
          try generator.generate(into: &file, workers: jobs)
          try file.commit()
        } catch {
          file.discard()
          throw error
        }
      } else {
        var sink = FileDescriptorSink.standardOutput
        try generator.generate(into: &sink, workers: jobs)
      }
      try purchases?.commit()
      purchases = nil
    } catch let error as FixtureError {
      throw FixtureFailure.report(error, command: "generate")
    } catch let error as FileOutputError {
      throw FixtureFailure.report(FixtureError(error), command: "generate")
    }
  }
}

/// `--env` values.
enum EnvironmentArgument: String, CaseIterable, ExpressibleByArgument {
  case sandbox, production

  var environment: TokenEnvironment { self == .sandbox ? .sandbox : .production }
}

/// `--format` values.
enum FormatArgument: String, CaseIterable, ExpressibleByArgument {
  case jsonl, tokens

  var format: OutputFormat { self == .jsonl ? .jsonl : .tokens }
}
