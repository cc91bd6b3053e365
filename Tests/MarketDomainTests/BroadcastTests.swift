import Foundation
import MarketDomain
import SiseSupport
import Synchronization
import TestSupport
import Testing

/// The one fan-out behind view models' outputs, stores' change signals and live boards' updates:
/// each reader gets the latest element when one is kept, then each one sent, keeping all or only
/// the newest as it asked; a reader that stops is forgotten.
@Suite struct BroadcastTests {
    @Test func aReaderGetsTheLatestThenEachNewOneInOrder() async {
        let broadcast = Broadcast(latest: 0)
        broadcast.send(1)
        let every = broadcast.subscribe(bufferingPolicy: .unbounded)
        let newest = broadcast.subscribe()
        for value in 2...5 { broadcast.send(value) }
        broadcast.finish()
        var seen: [Int] = []
        for await value in every { seen.append(value) }
        #expect(seen == [1, 2, 3, 4, 5])
        var latest: [Int] = []
        for await value in newest { latest.append(value) }
        #expect(latest == [5])
    }

    @Test func withoutALatestAReaderGetsOnlyWhatIsSentAfterItJoined() async {
        let broadcast = Broadcast<Int?>()
        broadcast.send(1)
        let reader = broadcast.subscribe(bufferingPolicy: .unbounded)
        broadcast.send(nil)
        broadcast.send(2)
        broadcast.finish()
        var seen: [Int?] = []
        for await value in reader { seen.append(value) }
        #expect(seen == [nil, 2])
    }

    @Test func aReaderThatStopsIsForgottenAndTheOthersGoOn() async {
        let broadcast = Broadcast(latest: "a")
        var gone: AsyncStream<String>? = broadcast.subscribe()
        #expect(broadcast.readerCount == 1)
        _ = gone
        gone = nil
        #expect(broadcast.readerCount == 0)
        let staying = broadcast.subscribe(bufferingPolicy: .unbounded)
        broadcast.send("b")
        broadcast.finish()
        var seen: [String] = []
        for await value in staying { seen.append(value) }
        #expect(seen == ["a", "b"])
    }

    @Test func aChangeSignalGivesABusyListenerOneSignalForMany() async {
        let signal = ChangeSignal()
        let changes = signal.changes()
        #expect(signal.listenerCount == 1)
        for _ in 0..<5 { signal.signal() }
        var iterator = changes.makeAsyncIterator()
        #expect(await iterator.next() != nil)
        signal.signal()
        #expect(await iterator.next() != nil)
    }

    /// A reader's task cancelled just as an element is sent to it (a tab leaving the Watchlist tab
    /// as the store signals a change): the cancellation holds the task's lock and removes the
    /// reader under the broadcast's; handing the element over holds the broadcast's lock and
    /// takes the task's to resume it, unless it hands out after letting it go. Thousands of
    /// rounds of both at once, on threads of their own, all end.
    @Test func aSendAndTheCancellationOfAWaitingReaderAtOnceNeverHang() async throws {
        let rounds = 3_000
        let done = Atomic<Int>(0)
        let driver = Thread {
            for _ in 0..<rounds {
                let broadcast = Broadcast<Int>()
                let stream = broadcast.subscribe()
                let reader = Task.detached { for await _ in stream {} }
                let go = Atomic<Bool>(false)
                let sent = Atomic<Bool>(false)
                let sender = Thread {
                    while !go.load(ordering: .acquiring) {}
                    for value in 0..<20 { broadcast.send(value) }
                    sent.store(true, ordering: .releasing)
                }
                sender.start()
                go.store(true, ordering: .releasing)
                reader.cancel()
                while !sent.load(ordering: .acquiring) {}
                done.add(1, ordering: .relaxed)
            }
        }
        driver.start()
        try await waitUntil(seconds: 120, "\(rounds) rounds of a send and a cancellation") {
            done.load(ordering: .relaxed) == rounds
        }
    }
}
