import NIOCore
import Synchronization
import WebSocketFrames

/// Where a browser tab's messages go: ready-made text frames written to its connection on the
/// connection's event loop. No task of the tab's wakes for a
/// message, and a message shared by many tabs (``SharedBoardView``) is framed once and written to
/// each of them without a copy.
///
/// A tab that does not read costs dropped messages, not memory: once its connection holds more
/// unwritten than its high-water mark, the numbered messages are dropped; when the kernel has
/// taken the backlog, the tab's session is asked for a snapshot (``whenBehind(_:)``), which
/// brings it up to date (``catchUp(framed:)``). It never sees a gap.
final class TabOutlet: Sendable {
    /// The event loop of the tab's connection, where its frames are written.
    let eventLoop: any EventLoop
    /// The pipeline's first handler, where the tab's frames are written.
    let handler: NIOLoopBound<TabOutletHandler>
    /// Where the objects a write to the tab touches first lie (``SharedFrameWriters``).
    let writePath: TabWritePath
    private let behind: CatchUpRequest

    private init(
        eventLoop: any EventLoop, handler: NIOLoopBound<TabOutletHandler>, writePath: TabWritePath,
        behind: CatchUpRequest
    ) {
        self.eventLoop = eventLoop
        self.handler = handler
        self.writePath = writePath
        self.behind = behind
    }

    /// Adds the outlet to an upgraded connection's pipeline, first, so that its frames go straight
    /// to the socket; on the connection's event loop.
    static func install(on channel: any Channel) throws -> TabOutlet {
        let behind = CatchUpRequest()
        let handler = TabOutletHandler(requestCatchUp: { behind.fire() })
        try channel.pipeline.syncOperations.addHandler(handler, position: .first)
        let context = try channel.pipeline.syncOperations.context(handler: handler)
        return TabOutlet(
            eventLoop: channel.eventLoop, handler: NIOLoopBound(handler, eventLoop: channel.eventLoop),
            writePath: TabWritePath(handler: handler, context: context, channel: channel), behind: behind)
    }

    /// Who brings the tab up to date once it has fallen behind and its connection drained: it
    /// answers with ``catchUp(framed:)`` (or ``resume()`` with nothing to show yet).
    func whenBehind(_ request: @escaping @Sendable () -> Void) {
        behind.set(request)
    }

    /// Sends one numbered message (a snapshot or a patch) to this tab alone, after what was sent
    /// before; dropped while the tab is behind.
    func send(_ message: ByteBuffer) {
        let frame = WebSocketFrameBatch.text(message)
        let handler = handler
        eventLoop.execute { handler.value.write(frame, numbered: true) }
    }

    /// Sends a message outside the numbered screen (the hello, an error), even while behind.
    func sendAside(_ message: ByteBuffer) {
        let frame = WebSocketFrameBatch.text(message)
        let handler = handler
        eventLoop.execute { handler.value.write(frame, numbered: false) }
    }

    /// Sends a snapshot already framed (shared by the tabs that join together), whatever the tab
    /// missed: the numbered messages after it follow on.
    func catchUp(framed snapshot: ByteBuffer) {
        let handler = handler
        eventLoop.execute { handler.value.catchUp(snapshot) }
    }

    /// Lets the numbered messages through again without a snapshot (there is no screen yet).
    func resume() {
        let handler = handler
        eventLoop.execute { handler.value.catchUp(nil) }
    }

    /// The session's answer to a tab fallen behind, set once the session exists.
    private final class CatchUpRequest: Sendable {
        private let request = Mutex<(@Sendable () -> Void)?>(nil)

        func set(_ action: @escaping @Sendable () -> Void) {
            request.withLock { $0 = action }
        }

        func fire() {
            request.withLock { $0 }?()
        }
    }
}

/// The pipeline's first handler for a tab: frames in, bytes to the socket, and whether the tab
/// keeps up (the channel's writability).
final class TabOutletHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// Whether the tab gets its numbered messages.
    enum Flow: Equatable {
        /// Each as it comes.
        case current
        /// None: its connection holds too much unwritten.
        case behind
        /// None until the snapshot asked for comes.
        case catchingUp
    }

    private(set) var flow = Flow.current
    private var context: ChannelHandlerContext?
    /// Whether the connection takes more, as its last writability change said: kept here, since
    /// reading the channel's own flag for each of ten thousand tabs at every message was a tenth
    /// of a watched board's cost (`perf` of `bench serve --viewers 10000`).
    private var isWritable = true
    private let requestCatchUp: @Sendable () -> Void

    init(requestCatchUp: @escaping @Sendable () -> Void) {
        self.requestCatchUp = requestCatchUp
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        isWritable = context.channel.isWritable
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    /// Writes and flushes a frame; a numbered one only while the tab keeps up.
    func write(_ frame: ByteBuffer, numbered: Bool) {
        guard let context else { return }
        if numbered {
            guard flow == .current else { return }
            guard isWritable else {
                flow = .behind
                return
            }
        }
        context.writeAndFlush(wrapOutboundOut(frame), promise: nil)
    }

    /// Writes the snapshot (if any) and lets the numbered messages through again.
    func catchUp(_ snapshot: ByteBuffer?) {
        flow = .current
        guard let context, let snapshot else { return }
        context.writeAndFlush(wrapOutboundOut(snapshot), promise: nil)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        isWritable = context.channel.isWritable
        if isWritable, flow == .behind {
            flow = .catchingUp
            requestCatchUp()
        }
        context.fireChannelWritabilityChanged()
    }
}
