import HummingbirdCore
import Logging
import NIOCore

/// A server's child channel (Hummingbird's HTTP/1 with the WebSocket upgrade) behind the server's
/// limits: each connection is admitted under the cap (``OpenConnections``), and its raw bytes pass
/// a ``RequestHeadGuard`` before the HTTP parser sees them.
struct GuardedServerChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value

    let base: Base
    let limits: ServerLimits
    let connections: OpenConnections

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let admission = connections.admit(channel)
        let guardHandler = RequestHeadGuard(limits: limits, connections: connections)
        do {
            try channel.pipeline.syncOperations.addHandler(guardHandler, position: .first)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        switch admission {
        case .admitted(let evicting):
            let connections = connections
            channel.closeFuture.whenComplete { _ in connections.closed(channel) }
            if let evicting {
                logger.info("connection cap reached: closing the longest-waiting connection that sent nothing")
                evicting.pipeline.fireUserInboundEventTriggered(RequestHeadGuard.Evict())
            }
        case .refused:
            logger.warning("connection cap (\(limits.maximumConnections)) reached: a new connection is turned away")
            channel.pipeline.fireUserInboundEventTriggered(RequestHeadGuard.Evict())
        }
        return base.setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}
