import AppStoreCommerce
import CommerceSimulation
import Foundation
import LifecycleSimulator
import ScenarioLanguage
import SimulatedWorld

/// The world every input starts from: two customers in two storefronts, a subscription, a
/// consumable and a non-consumable, so purchase steps have something to act on.
let journalWorld: WorldSimulation<Simulation> = {
  let text = """
    environment sandbox
    app com.example.fuzz id 1234567890 version 1.0 custom-link-regions nl
    entitlement allowed-regions jp
    entitlement external-purchase
    plist SKExternalPurchase nl
    device alice.iphone iOS 18.2 storefront nl
    device kenji.iphone iOS 26.4 storefront jp
    product pro.monthly subscription group pro level 1 P1M price NLD 9.99 EUR price JPN 1500 JPY
    product coins consumable price NLD 0.99 EUR price JPN 150 JPY
    product lifetime non-consumable price NLD 29.99 EUR price JPN 4500 JPY family
    """
  guard let scenario = try? ScenarioParser.parse(text, file: "fuzz-world.epsim"),
    let stepper = try? ScenarioStepper(text: text, file: "fuzz-world.epsim"),
    let world = try? stepper.initialWorld().get()
  else { preconditionFailure("the fuzz world's scenario no longer parses") }
  return WorldSimulation(
    tokens: Simulation(initial: world), store: CommerceWorld(setup: Array(scenario.setup), world: world))
}()

/// Reads the fuzzer's bytes as a stream of small choices and raw numbers.
struct ByteReader {
  var bytes: [UInt8]
  var index = 0

  mutating func next() -> UInt8? {
    guard index < bytes.count else { return nil }
    defer { index += 1 }
    return bytes[index]
  }

  mutating func pick<T>(_ choices: [T]) -> T { choices[Int(next() ?? 0) % choices.count] }

  /// Eight bytes as a number, any value: hostile ones included.
  mutating func number() -> Int64 {
    var value: UInt64 = 0
    for _ in 0..<8 { value = value << 8 | UInt64(next() ?? 0) }
    return Int64(bitPattern: value)
  }
}

let devices = ["alice.iphone", "kenji.iphone", "nobody.iphone", ""]
let customers = ["alice", "kenji", "nobody"]
let products = ["pro.monthly", "coins", "lifetime", "unknown"]
let tokenTypes = ["SERVICES", "ACQUISITION", "IN_APP", "LINK_OUT", "BOGUS"]
let nextTimes = ["expiry", "renewal", "retry", "graceEnd", "never"]

/// One command of the control API's vocabulary, its members drawn from the bytes.
func command(from reader: inout ByteReader) -> CommandFields {
  var fields = CommandFields(type: reader.pick(WorldCommand.jsonTypes))
  fields.device = reader.pick(devices)
  fields.customer = reader.pick(customers)
  fields.product = reader.pick(products)
  fields.tokenType = reader.pick(tokenTypes)
  switch reader.next() ?? 0 {
  case 0..<64: fields.by = reader.number()
  case 64..<128:
    fields.toNext = reader.pick(nextTimes)
    fields.offset = reader.number()
  case 128..<160: fields.toExpiryOf = reader.pick(tokenTypes)
  default: break
  }
  if reader.next().map({ $0 < 64 }) ?? false { fields.quantity = Int(truncatingIfNeeded: reader.number()) }
  if reader.next().map({ $0 < 32 }) ?? false {
    fields.percent = Double(bitPattern: UInt64(bitPattern: reader.number()))
  }
  if reader.next().map({ $0 < 32 }) ?? false { fields.price = reader.number() }
  fields.fails = reader.next().map { $0 & 1 == 1 }
  fields.enabled = reader.next().map { $0 & 1 == 1 }
  fields.forSale = reader.next().map { $0 & 1 == 1 }
  fields.group = "pro"
  fields.storefront = reader.pick(["NLD", "JPN", "nl", "xx"])
  return fields
}

/// libFuzzer entry point for what `epsim serve --state` does with control-API commands: apply a
/// random sequence of them (with undos, redos and rewinds between) to the one simulation, then
/// check that its history, written as the journal writes it (JSON) and replayed on the starting
/// world, rebuilds the same tokens and the same App Store. A trap on any number a command lets
/// through, or a replay that differs, is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func worldJournalFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var reader = ByteReader(bytes: Array(UnsafeBufferPointer(start: data, count: size)))
  var simulation = journalWorld
  var operations = 0
  while let choice = reader.next(), operations < 200 {
    operations += 1
    switch choice % 10 {
    case 0: _ = simulation.undo()
    case 1: _ = simulation.redo()
    case 2: simulation.rewind(toStep: Int(reader.next() ?? 0) % (simulation.stepCount + 1))
    default:
      if let command = try? WorldCommand(fields: command(from: &reader)) {
        _ = try? simulation.apply(command)
      }
    }
  }
  let encoder = JSONEncoder()
  let decoder = JSONDecoder()
  var replayed = WorldSimulation(
    tokens: Simulation(initial: simulation.tokens.initial), store: simulation.initialStore)
  for position in stride(from: 1, through: simulation.position, by: 1) {
    guard let saved = try? encoder.encode(simulation.step(position)),
      let step = try? decoder.decode(WorldStep.self, from: saved)
    else { preconditionFailure("step \(position) does not survive the journal's JSON") }
    do throws(SimulationError) {
      let entry = simulation.entry(position)
      try replayed.replay(
        step, lastCustomer: simulation.lastCustomer(atStep: position), origin: entry.origin,
        move: entry.clockMove)
    } catch {
      preconditionFailure("step \(position) is refused on replay: \(error.message)")
    }
  }
  precondition(replayed.world.tokens == simulation.world.tokens, "the replay made other tokens")
  precondition(replayed.world.now == simulation.world.now, "the replay's clock differs")
  precondition(replayed.store?.state == simulation.store?.state, "the replay's App Store differs")
  return 0
}
