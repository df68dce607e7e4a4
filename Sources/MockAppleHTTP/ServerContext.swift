import MockAppleCore

/// What every API's routes are built on: the one state all requests read and change, and the
/// server's settings. The assembly makes it once and hands it to each group of routes.
package struct ServerContext: Sendable {
  package let state: MockAppleState
  package let configuration: ServerConfiguration

  package init(state: MockAppleState, configuration: ServerConfiguration) {
    self.state = state
    self.configuration = configuration
  }
}
