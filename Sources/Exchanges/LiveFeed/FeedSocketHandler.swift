import NIOCore
import WebSocketFrames

/// The feed's end of an upgraded WebSocket connection, on the connection's event loop: it reads
/// the server's frames where the bytes arrive and hands each message to the reader in the same
/// loop turn, with no frame value, no queue and no task between. A message in one frame (what
/// every exchange sends) is handed on from the read buffer itself; only a frame split across
/// reads is copied, and only its own bytes.
///
/// It answers pings, echoes the server's close and closes the socket, sends a ping every
/// `pingInterval` and gives the connection up when the last one got no pong, and fails the
/// connection (close code 1002 or 1009) on a frame a server may not send.
final class FeedSocketHandler: ChannelDuplexHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// Why the connection was given up.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let maxMessageSize: Int
    private let pingInterval: TimeAmount
    private let closeTimeout: TimeAmount
    /// Completed when the reading ends: the socket closed, the server closed, or a failure.
    private let ended: EventLoopPromise<Void>
    private var isFinished = false
    /// Whether the reading ended by a failure (or the reader leaving), not the connection's end.
    private var endedByFailure = false
    private var context: ChannelHandlerContext?
    // The properties every frame touches skip the run-time exclusivity check (two a frame, 148
    // instructions a tick under callgrind): the handler only runs on its channel's event loop,
    // and a frame's nested accesses (`frames` read while `messages`, `receiver` and `phase` are
    // used) are to different properties.
    @exclusivity(unchecked) private var receiver: FrameReceiver?
    /// Finds the frames in what the socket read; holds every byte while no reader is there yet.
    @exclusivity(unchecked) private var frames: WebSocketFrameReader
    @exclusivity(unchecked) private var messages: WebSocketMessageAssembler
    @exclusivity(unchecked) private var phase = Phase.open
    /// Whether no message of the current read has gone to the reader yet.
    @exclusivity(unchecked) private var readIsFresh = false
    private var awaitingPong = false
    private var pinger: RepeatedTask?
    /// The least time between two reads of the socket, `nil` for reading as bytes arrive.
    private let readPacing: TimeAmount?
    private var lastRead = NIODeadline.distantPast
    private var readPending = false

    private enum Phase {
        case open
        /// This side sent its close and waits for the server's.
        case closing
        case closed
    }

    init(
        on loop: any EventLoop, maxMessageSize: Int, pingInterval: TimeAmount, readPacing: TimeAmount? = nil,
        closeTimeout: TimeAmount = .seconds(2)
    ) {
        ended = loop.makePromise()
        self.readPacing = readPacing
        self.maxMessageSize = maxMessageSize
        self.pingInterval = pingInterval
        self.closeTimeout = closeTimeout
        messages = WebSocketMessageAssembler(maxSize: maxMessageSize)
        frames = WebSocketFrameReader(sender: .server, maxPayload: maxMessageSize)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        pinger = context.eventLoop.scheduleRepeatedTask(initialDelay: pingInterval, delay: pingInterval) {
            [weak self] _ in self?.ping()
        }
        if !context.channel.isActive { finish(nil) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        finish(nil)
        self.context = nil
    }

    // MARK: The reader's side

    /// Starts handing messages to `receive` (those that came meanwhile first); the future
    /// completes when reading ends, failed when it ended by a failure or a throw of `receive`.
    func startReading(_ receive: @escaping FrameReceiver) -> EventLoopFuture<Void> {
        guard !isFinished else {
            handOverWhatCameBeforeTheEnd(to: receive)
            return ended.futureResult
        }
        guard receiver == nil else { return closedFuture("the socket is read once") }
        receiver = receive
        if frames.keptBytes > 0 { readFrames(ByteBuffer()) }
        return ended.futureResult
    }

    /// Hands `receive` the messages of a connection that ended cleanly before its reader came (a
    /// server that says why it closes, then closes, is heard), up to a close frame.
    private func handOverWhatCameBeforeTheEnd(to receive: FrameReceiver) {
        guard !endedByFailure, frames.keptBytes > 0 else { return }
        var messages = WebSocketMessageAssembler(maxSize: maxMessageSize)
        var held = frames
        frames = WebSocketFrameReader(sender: .server, maxPayload: maxMessageSize)
        var isFirst = true
        try? held.read(ByteBuffer()) { header, payload in
            switch header.opcode {
            case .close: return false
            case .ping, .pong: return true
            case .text, .binary, .continuation:
                do {
                    let message = try messages.add(
                        payload, startsMessage: header.opcode != .continuation, fin: header.fin)
                    guard let message else { return true }
                    try message.withUnsafeReadableBytes { try receive($0.assumingMemoryBound(to: UInt8.self), isFirst) }
                    isFirst = false
                    return true
                } catch {
                    return false
                }
            }
        }
    }

    /// Stops reading (the reader went away): reading ends with `CancellationError`.
    func stopReading() {
        finish(CancellationError())
    }

    /// Sends a text frame.
    func send(_ text: String) -> EventLoopFuture<Void> {
        guard let context, phase == .open else { return closedFuture("the connection is closed") }
        return context.writeAndFlush(wrapOutboundOut(MaskedClientFrame.make(.text, payload: text.utf8)))
    }

    /// Ends the connection: this side's close (1000), then the socket closes when the server's
    /// close comes, or after `closeTimeout`. The future completes once the socket is closed.
    func close() -> EventLoopFuture<Void> {
        guard let context else { return ended.futureResult.eventLoop.makeSucceededVoidFuture() }
        let closed = context.channel.closeFuture
        if phase == .open {
            phase = .closing
            context.writeAndFlush(
                wrapOutboundOut(MaskedClientFrame.make(.close, payload: WebSocketClose.payload(code: 1000)))
            )
            .whenFailure { [weak self] _ in self?.closeSocket() }
            context.eventLoop.scheduleTask(in: closeTimeout) { [weak self] in self?.closeSocket() }
        }
        finish(nil)
        return closed
    }

    // MARK: The channel's side

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let input = unwrapInboundIn(data)
        guard phase != .closed else { return }
        guard parsesFrames else {
            frames.hold(input)
            // What waits for the reader is held to one message's worth.
            if frames.keptBytes > maxMessageSize + 14 {
                fail(
                    Failure(description: "the server sent over \(maxMessageSize) bytes before the feed read any"),
                    code: 1009)
            }
            return
        }
        readFrames(input)
    }

    /// Reads the socket again, at most once every `readPacing`: what came meanwhile waits in
    /// the kernel and is read in one go, so a steady feed wakes the loop that often, not once a
    /// message.
    func read(context: ChannelHandlerContext) {
        guard let readPacing else { return context.read() }
        let due = lastRead + readPacing
        guard context.eventLoop.now < due else {
            lastRead = context.eventLoop.now
            return context.read()
        }
        guard !readPending else { return }
        readPending = true
        context.eventLoop.scheduleTask(deadline: due) { [weak self] in
            guard let self, let context = self.context else { return }
            self.readPending = false
            self.lastRead = context.eventLoop.now
            context.read()
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        phase = .closed
        finish(nil)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        fail(error, code: nil)
    }

    // MARK: Frames

    /// Handles each whole frame in what was kept and `input` while frames are read, keeping a
    /// frame that has not wholly arrived; a frame a server may not send gives the connection up.
    private func readFrames(_ input: ByteBuffer) {
        readIsFresh = true
        do {
            try frames.read(input) { header, payload in
                handle(header, payload: payload)
                return parsesFrames
            }
        } catch {
            fail(Failure(description: "the server sent \(error)"), code: error.closeCode)
        }
    }

    /// Whether frames are read now: while a reader is there, and while this side's close waits
    /// for the server's (bytes that come before the reader wait for it).
    private var parsesFrames: Bool {
        phase == .closing || (phase == .open && receiver != nil)
    }

    private func handle(_ header: WebSocketFrameHeader, payload: ByteBuffer) {
        switch header.opcode {
        case .text, .binary, .continuation:
            let message: ByteBuffer?
            do {
                message = try messages.add(payload, startsMessage: header.opcode != .continuation, fin: header.fin)
            } catch {
                fail(
                    Failure(description: "the server sent \(error)"),
                    code: error.closeCode)
                return
            }
            guard let message, let receiver else { return }
            do {
                let isFirstOfItsRead = readIsFresh
                readIsFresh = false
                try message.withUnsafeReadableBytes {
                    try receiver($0.assumingMemoryBound(to: UInt8.self), isFirstOfItsRead)
                }
            } catch {
                fail(error, code: 1011)
            }
        case .ping:
            guard phase == .open, let context else { return }
            context.writeAndFlush(
                wrapOutboundOut(MaskedClientFrame.make(.pong, payload: payload.readableBytesView)),
                promise: nil)
        case .pong:
            awaitingPong = false
        case .close:
            // The server's close: echoed when this side has not closed yet, then the socket is closed.
            let wasOpen = phase == .open
            phase = .closed
            finish(nil)
            closeSocket(sendingClose: wasOpen ? WebSocketClose.echo(of: payload) : nil)
        }
    }

    private func ping() {
        guard phase == .open, let context else { return }
        if awaitingPong {
            fail(Failure(description: "no pong within \(pingInterval.nanoseconds / 1_000_000_000) s"), code: 1001)
            return
        }
        awaitingPong = true
        context.writeAndFlush(wrapOutboundOut(MaskedClientFrame.make(.ping, payload: Array("sise".utf8))), promise: nil)
    }

    // MARK: Ending

    /// Gives the connection up: reading ends with `error`, then this side's close with `code`
    /// goes out when one is due, then the socket closes.
    private func fail(_ error: any Error, code: UInt16?) {
        let wasOpen = phase == .open
        phase = .closed
        finish(error)
        closeSocket(sendingClose: wasOpen ? code.map(WebSocketClose.payload(code:)) : nil)
    }

    /// Closes the socket, after this side's close frame carrying `closePayload` when one is given.
    private func closeSocket(sendingClose closePayload: [UInt8]? = nil) {
        guard let context else { return }
        guard let closePayload else { return context.close(promise: nil) }
        context.writeAndFlush(wrapOutboundOut(MaskedClientFrame.make(.close, payload: closePayload)))
            .whenComplete { [weak self] _ in self?.closeSocket() }
    }

    /// Ends the reading, once: with `error`, or normally.
    private func finish(_ error: (any Error)?) {
        pinger?.cancel()
        pinger = nil
        guard !isFinished else { return }
        isFinished = true
        endedByFailure = error != nil
        receiver = nil
        if let error { ended.fail(error) } else { ended.succeed() }
    }

    private func closedFuture(_ reason: String) -> EventLoopFuture<Void> {
        ended.futureResult.eventLoop.makeFailedFuture(Failure(description: reason))
    }
}
