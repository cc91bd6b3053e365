import MarketFeatures
import Synchronization

/// What waits to be sent to one browser tab: only the newest output (an output is the whole
/// screen, so a slow tab skips the ones it could not take and its next patch goes from what it
/// last got to the newest), whether it asked for a resync, and a few error messages. Bounded
/// whatever the tab's speed; the writer wakes on `wakes`.
final class ViewerOutbox: Sendable {
    private struct State {
        var output: DashboardScreen.Root.Output?
        var resyncWanted = false
        var errors: [String] = []
    }

    /// The error messages kept while the tab does not read them.
    static let errorLimit = 8

    private let state = Mutex(State())
    private let wake: AsyncStream<Void>.Continuation
    /// One element whenever something was posted (collapsed while the writer is busy).
    let wakes: AsyncStream<Void>

    init() {
        (wakes, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    func post(_ output: DashboardScreen.Root.Output) {
        state.withLock { $0.output = output }
        wake.yield()
    }

    func requestResync() {
        state.withLock { $0.resyncWanted = true }
        wake.yield()
    }

    func post(error message: String) {
        state.withLock { state in
            if state.errors.count < Self.errorLimit { state.errors.append(message) }
        }
        wake.yield()
    }

    /// Takes what waits: the newest output (if a new one came), the resync request, the errors.
    func take() -> (output: DashboardScreen.Root.Output?, resync: Bool, errors: [String]) {
        state.withLock { state in
            defer { state = State() }
            return (state.output, state.resyncWanted, state.errors)
        }
    }

    func finish() {
        wake.finish()
    }
}
