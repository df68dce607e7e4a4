import Hummingbird
import MockAppleCore

/// Holds every answer until the changes written before it are on disk: an acknowledged change
/// (any 2xx) is never lost to a crash, and no answer shows what a crash could still take back.
/// Reads wait too, but only for changes already written, which is usually nothing.
struct SavedAnswers: RouterMiddleware {
  typealias Context = BasicRequestContext

  let gate: SavedChangesGate

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    do {
      let response = try await next(request, context)
      await gate.waitUntilSaved()
      return response
    } catch {
      await gate.waitUntilSaved()
      throw error
    }
  }
}
