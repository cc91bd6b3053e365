import DequeModule
import Synchronization

/// A tab's events on their way from its connection's event loop to its session on the main
/// actor, handled one after another in the order they came. A task runs only while some wait:
/// a tab that only watches has none.
final class TabInbox: Sendable {
    /// What happens to a tab.
    enum Item: Sendable {
        /// Its WebSocket opened.
        case opened
        /// It sent a request.
        case request(DashboardRequest)
        /// Its connection ended.
        case closed
    }

    private struct State {
        var waiting = Deque<Item>()
        var isHandling = false
    }

    private let state = Mutex(State())
    private let handle: @MainActor @Sendable (Item) async -> Void

    /// An inbox whose items go to `handle`, each after the last has been handled.
    init(handle: @escaping @MainActor @Sendable (Item) async -> Void) {
        self.handle = handle
    }

    /// Adds `item` after those waiting, starting their handling if none runs.
    func post(_ item: Item) {
        let starts = state.withLock { state in
            state.waiting.append(item)
            guard !state.isHandling else { return false }
            state.isHandling = true
            return true
        }
        if starts { Task { @MainActor in await self.handleWaiting() } }
    }

    @MainActor
    private func handleWaiting() async {
        while let item = nextItem() {
            await handle(item)
        }
    }

    /// The next item, or `nil` (ending the handling) when none waits.
    private func nextItem() -> Item? {
        state.withLock { state in
            if let item = state.waiting.popFirst() { return item }
            state.isHandling = false
            return nil
        }
    }
}
