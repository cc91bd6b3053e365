import Synchronization
import Testing

@testable import WebDashboard

/// A tab's events reach its handler one after another in the order they came, even when the
/// handler suspends, and a new handling starts after the last one ended.
@Suite struct TabInboxTests {
    @Test func eventsAreHandledInOrderOneAtATime() async throws {
        let log = Mutex<[String]>([])
        let (done, finished) = AsyncStream<Void>.makeStream()
        let inbox = TabInbox { item in
            let name =
                switch item {
                case .opened: "opened"
                case .request(.resync): "resync"
                case .request(.input): "input"
                case .closed: "closed"
                }
            log.withLock { $0.append("begin \(name)") }
            // Suspends, as a session's handling does; the next event waits.
            await Task.yield()
            await Task.yield()
            log.withLock { $0.append("end \(name)") }
            if case .closed = item { finished.yield() }
        }
        inbox.post(.opened)
        inbox.post(.request(.resync))
        inbox.post(.closed)
        for await _ in done { break }
        #expect(
            log.withLock { $0 } == [
                "begin opened", "end opened", "begin resync", "end resync", "begin closed", "end closed",
            ])
        // Later events start a new handling.
        inbox.post(.closed)
        for await _ in done { break }
        #expect(log.withLock { $0 }.suffix(2) == ["begin closed", "end closed"])
    }
}
