import NIOCore
import Synchronization

/// The WebSockets a server has open (tabs and example pages), which run on their connections'
/// event loops with no task the server waits for: when it stops, each is closed (1001, going
/// away).
final class OpenTabs: Sendable {
    private let sockets = Mutex([ObjectIdentifier: NIOLoopBound<TabSocketHandler>]())

    /// How many are open.
    var count: Int { sockets.withLock { $0.count } }

    /// Keeps `channel`'s socket until ``remove(_:)``.
    func add(_ channel: any Channel, closing socket: NIOLoopBound<TabSocketHandler>) {
        sockets.withLock { $0[ObjectIdentifier(channel)] = socket }
    }

    /// Forgets `channel` (it closed).
    func remove(_ channel: any Channel) {
        _ = sockets.withLock { $0.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// Closes every socket open: the page hears the server is going away.
    func closeAll() {
        let open = sockets.withLock { $0.values }
        for socket in open {
            socket.eventLoop.execute { socket.value.close(code: 1001) }
        }
    }
}
