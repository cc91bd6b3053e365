/// Tells every listener that something changed, without saying what: a store signals after a
/// write (its own, or one it noticed from another process) and each reader reads again. A
/// listener that is busy gets one signal for any number missed, never a backlog.
public struct ChangeSignal: Sendable {
    private let listeners: Broadcast<Void>

    /// A signal; with `greetsNewListeners`, each new listener gets one signal at once, so that it
    /// reads once more and misses nothing written between its first reading and its listening.
    public init(greetsNewListeners: Bool = false) {
        listeners = greetsNewListeners ? Broadcast(latest: ()) : Broadcast()
    }

    /// A signal after each change from now on (and one at once, for a greeting signal), until the
    /// listener stops iterating.
    public func changes() -> AsyncStream<Void> {
        listeners.subscribe(bufferingPolicy: .bufferingNewest(1))
    }

    /// Something changed: every listener reads again.
    public func signal() {
        listeners.send(())
    }

    /// How many listen.
    public var listenerCount: Int { listeners.readerCount }
}
