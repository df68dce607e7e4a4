import AppStoreCommerce
import AppleNotifications
import AppleWireTypes
import CommerceSimulation
import Foundation
import LifecycleSimulator
import MockAppleCore

/// The App Store as one request sees it: a snapshot of the commerce state (a value, so reading it
/// needs no lock), the app, and whether the host asked for (production or `/sandbox`) is the
/// world's environment. The other host knows nothing, as Apple's other environment would not.
package struct AppStoreView {
  package let commerce: CommerceState
  package let app: AppConfiguration
  /// False on the host of the environment the world does not run in: every id is unknown there.
  package let serves: Bool
  package let cache: AnswerCache
  package let signer: SignedCommerceData

  package init(
    commerce: CommerceState, app: AppConfiguration, serves: Bool, cache: AnswerCache,
    signer: SignedCommerceData
  ) {
    self.commerce = commerce
    self.app = app
    self.serves = serves
    self.cache = cache
    self.signer = signer
  }

  package var environment: AppleEnvironment {
    AppleEnvironment(rawValue: commerce.settings.environment.appleName)
  }

  /// Whose data an id of a path names: any transactionId or originalTransactionId of a
  /// customer, or their appTransactionId (SPEC-APPSTORE 4.3).
  package enum Subject {
    case transaction(TransactionRecord)
    case appTransaction(customer: Int32)

    package var customer: Int32 {
      switch self {
      case .transaction(let record): return record.customer
      case .appTransaction(let customer): return customer
      }
    }
  }

  /// The subject of a path id; nil when this environment has none.
  package func subject(_ id: UInt64) -> Subject? {
    guard serves else { return nil }
    if let position = commerce.transactions.position(of: id) {
      // After a sandbox "clear purchase history", the tester's earlier transactions are gone from
      // every endpoint, as from the history (issue 25: Get Transaction Info agrees with it).
      return isVisible(position) ? .transaction(commerce.transactions[position]) : nil
    }
    let text = String(id)
    if let customer = commerce.customers.firstIndex(where: { $0.appTransactionId == text }) {
      return .appTransaction(customer: Int32(customer))
    }
    return nil
  }

  /// A path id read as a transaction id: 400 when it is not digits, 404 when unknown here.
  package func subject(path id: String) throws(AppStoreAPIError) -> Subject {
    guard let number = transactionNumber(id) else { throw .invalidTransactionId(id) }
    guard let found = subject(number) else { throw .transactionNotFound(id) }
    return found
  }

  /// False for a transaction its customer's sandbox history clear has hidden.
  package func isVisible(_ position: Int) -> Bool {
    position >= commerce.historyStart(ofCustomer: commerce.transactions[position].customer)
  }

  package func signed(_ record: TransactionRecord) throws -> String {
    try cache.signedTransaction(record, in: commerce, signer: signer)
  }

  /// The customer's transactions in log order, oldest first.
  package func transactions(ofCustomer customer: Int32) -> [TransactionRecord] {
    cache.positions(ofCustomer: customer, in: commerce).map { commerce.transactions[Int($0)] }
  }
}

extension MockAppleState {
  /// The commerce state and app as they are now, for one App Store Server API request.
  package func appStoreSnapshot() -> (CommerceState, AppConfiguration) {
    (commerce.state, simulation.world.app)
  }
}
