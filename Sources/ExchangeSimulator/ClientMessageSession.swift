import HummingbirdWebSocket
import NIOCore

extension TickHub {
    /// Serves one WebSocket client of a dialect whose session reads the client's frames itself
    /// (Korbit, Binance, Bithumb's legacy feed): every frame becomes a ``SessionEvent/clientMessage(_:)``
    /// beside the trades, a `tick` event comes every `tickInterval` when one is given, and `write`
    /// answers them all until the client leaves or the simulator drops it, its batches of ticks
    /// through `frames`.
    func serveClient(
        inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, frames: RawFrameWriter,
        tickInterval: Duration? = nil,
        write: @escaping @Sendable (SessionEvents, WebSocketOutboundWriter, RawFrameWriter) async throws -> Void
    ) async throws {
        let (id, events, continuation) = register()
        defer { unregister(id) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                defer { continuation.yield(.drop) }
                for try await message in inbound.messages(maxSize: 1 << 22) {
                    switch message {
                    case .text(let text): continuation.yield(.clientMessage(Array(text.utf8)))
                    case .binary(let buffer): continuation.yield(.clientMessage(Array(buffer.readableBytesView)))
                    }
                }
            }
            if let tickInterval {
                group.addTask {
                    while !Task.isCancelled {
                        try await Task.sleep(for: tickInterval)
                        continuation.yield(.flushDue)
                    }
                }
            }
            group.addTask { try await write(events, outbound, frames) }
            _ = try await group.next()
            group.cancelAll()
        }
    }
}

/// A dialect's session that reads the client's frames itself (Korbit, Binance, Bithumb's legacy
/// feed): it says how it answers the events, ``TickHub/serveClient`` runs it.
protocol ClientMessageSession: Sendable {
    var hub: TickHub { get }
    /// How often a ``SessionEvent/flushDue`` comes (`nil`: never).
    var flushInterval: Duration? { get }
    /// Answers the session's events until the client leaves or the simulator drops it.
    func write(events: SessionEvents, to outbound: WebSocketOutboundWriter, frames: RawFrameWriter) async throws
}

extension ClientMessageSession {
    var flushInterval: Duration? { nil }

    /// Serves one client of the dialect.
    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, frames: RawFrameWriter) async throws {
        try await hub.serveClient(
            inbound: inbound, outbound: outbound, frames: frames, tickInterval: flushInterval
        ) { events, outbound, frames in
            try await write(events: events, to: outbound, frames: frames)
        }
    }
}
