import NIOCore
import WebSocketFrames

/// The server's end of a browser tab's WebSocket (RFC 6455), on the connection's event loop: it
/// reads the tab's masked frames where the bytes arrive and hands each whole message to
/// `receive` in the same loop turn, with no task of the tab's waiting between messages.
///
/// It answers pings, echoes the tab's close and closes the socket, pings every `pingInterval`
/// and closes a connection whose last ping got no pong (1001), and fails the connection (close
/// code 1002 or 1009) on a frame a client may not send. `closed` runs once when the connection
/// has ended, however it ended.
final class TabSocketHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let maxMessageSize: Int
    private let pingInterval: TimeAmount
    private let closeTimeout: TimeAmount
    private let receive: (ByteBuffer) -> Void
    private let closed: () -> Void
    private var frames: WebSocketFrameReader
    private var messages: WebSocketMessageAssembler
    private var context: ChannelHandlerContext?
    private var phase = Phase.open
    private var awaitingPong = false
    private var pinger: RepeatedTask?
    private var hasEnded = false

    private enum Phase {
        case open
        /// This side sent its close and waits for the tab's.
        case closing
        case closed
    }

    /// A tab's socket handing its messages (unmasked, whole) to `receive`; `closed` runs when it ends.
    init(
        maxMessageSize: Int, pingInterval: TimeAmount = .seconds(30), closeTimeout: TimeAmount = .seconds(2),
        receive: @escaping (ByteBuffer) -> Void, closed: @escaping () -> Void
    ) {
        self.maxMessageSize = maxMessageSize
        self.pingInterval = pingInterval
        self.closeTimeout = closeTimeout
        self.receive = receive
        self.closed = closed
        frames = WebSocketFrameReader(sender: .client, maxPayload: maxMessageSize)
        messages = WebSocketMessageAssembler(maxSize: maxMessageSize)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        pinger = context.eventLoop.scheduleRepeatedTask(initialDelay: pingInterval, delay: pingInterval) {
            [weak self] _ in self?.ping()
        }
        if !context.channel.isActive { end() }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        end()
        self.context = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard phase != .closed else { return }
        do {
            try frames.read(unwrapInboundIn(data)) { header, payload in
                handle(header, payload: payload)
                return phase != .closed
            }
        } catch {
            fail(code: error.closeCode)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        phase = .closed
        end()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        phase = .closed
        end()
        context.close(promise: nil)
    }

    /// Ends the connection from this side with `code` (1001: the server is going away): the tab's
    /// close is awaited for `closeTimeout`, then the socket is closed.
    func close(code: UInt16) {
        guard phase == .open, let context else { return }
        phase = .closing
        pinger?.cancel()
        context.writeAndFlush(
            wrapOutboundOut(WebSocketFrameBatch.control(.close, payload: WebSocketClose.payload(code: code)))
        )
        .whenFailure { [weak self] _ in self?.closeSocket() }
        context.eventLoop.scheduleTask(in: closeTimeout) { [weak self] in self?.closeSocket() }
    }

    private func handle(_ header: WebSocketFrameHeader, payload: ByteBuffer) {
        var payload = payload
        if let key = header.maskKey { WebSocketFrameHeader.unmask(&payload, key: key) }
        switch header.opcode {
        case .text, .binary, .continuation:
            guard phase == .open else { return }
            do {
                let message = try messages.add(payload, startsMessage: header.opcode != .continuation, fin: header.fin)
                if let message { receive(message) }
            } catch {
                fail(code: error.closeCode)
            }
        case .ping:
            guard phase == .open, let context else { return }
            context.writeAndFlush(
                wrapOutboundOut(WebSocketFrameBatch.control(.pong, payload: payload.readableBytesView)), promise: nil)
        case .pong:
            awaitingPong = false
        case .close:
            // The tab's close: echoed when this side has not closed yet, then the socket is closed.
            let wasOpen = phase == .open
            phase = .closed
            end()
            guard wasOpen else { return closeSocket() }
            sendCloseThenCloseSocket(WebSocketClose.echo(of: payload))
        }
    }

    private func ping() {
        guard phase == .open, let context else { return }
        guard !awaitingPong else { return fail(code: 1001) }
        awaitingPong = true
        context.writeAndFlush(wrapOutboundOut(WebSocketFrameBatch.control(.ping, payload: [])), promise: nil)
    }

    /// Gives the connection up: this side's close with `code`, then the socket closes.
    private func fail(code: UInt16) {
        guard phase == .open else { return }
        phase = .closed
        end()
        sendCloseThenCloseSocket(WebSocketClose.payload(code: code))
    }

    private func sendCloseThenCloseSocket(_ payload: [UInt8]) {
        guard let context else { return }
        context.writeAndFlush(wrapOutboundOut(WebSocketFrameBatch.control(.close, payload: payload)))
            .whenComplete { [weak self] _ in self?.closeSocket() }
    }

    private func closeSocket() {
        context?.close(promise: nil)
    }

    /// Tells `closed`, once.
    private func end() {
        pinger?.cancel()
        pinger = nil
        guard !hasEnded else { return }
        hasEnded = true
        closed()
    }
}
