import CacheHints
import NIOCore

/// The tabs of one event loop that a shared view writes its messages to: each message, framed
/// once, goes to all of them in one pass on the loop.
///
/// With ten thousand tabs, a tab's objects have left the cache by the next message, and each
/// retain on the way to its socket (an atomic, which waits for the loads before it) waited for
/// one of them: a fifth of the server's own time (`perf` of `bench serve --viewers 10000`). So
/// the pass asks for the next tab's objects while the kernel takes this tab's frame, and keeps
/// the tabs' handlers in place rather than behind their outlets.
struct SharedFrameWriters: Sendable {
    /// The loop whose tabs these are; ``write(_:)`` runs on it.
    let loop: any EventLoop
    // Two arrays, not one of pairs: reading the next tab's path out of a pair retained its
    // handler first (a miss waited for, before the prefetch meant to hide it).
    private var handlers: [NIOLoopBound<TabOutletHandler>] = []
    private var paths: [TabWritePath] = []

    init(loop: any EventLoop) {
        self.loop = loop
    }

    /// Adds a tab of ``loop``.
    mutating func append(_ outlet: TabOutlet) {
        handlers.append(outlet.handler)
        paths.append(outlet.writePath)
    }

    /// Writes a numbered message framed once to every tab; on ``loop`` only.
    func write(_ frame: ByteBuffer) {
        for index in handlers.indices {
            if index &+ 1 < paths.endIndex { paths[index &+ 1].prefetch() }
            handlers[index].value.write(frame, numbered: true)
        }
    }
}

/// The addresses of the objects a write to a tab retains first: its handler, the handler's
/// context, the pipeline and the channel (whose first lines hold what a write reads). They are
/// only ever prefetched, never read, so an address whose object has gone (the tab closed) is
/// harmless.
struct TabWritePath: Sendable {
    private let handler: UInt
    private let context: UInt
    private let pipeline: UInt
    private let channel: UInt

    init(handler: TabOutletHandler, context: ChannelHandlerContext, channel: any Channel) {
        self.handler = UInt(bitPattern: ObjectIdentifier(handler))
        self.context = UInt(bitPattern: ObjectIdentifier(context))
        pipeline = UInt(bitPattern: ObjectIdentifier(channel.pipeline))
        self.channel = UInt(bitPattern: ObjectIdentifier(channel))
    }

    /// Has the processor bring the objects in without waiting for them.
    @inline(__always)
    func prefetch() {
        cache_hints_prefetch_for_write(handler)
        cache_hints_prefetch_for_write(context)
        cache_hints_prefetch_for_write(pipeline)
        cache_hints_prefetch_for_write(pipeline &+ 64)
        for line in 0..<8 { cache_hints_prefetch_for_write(channel &+ UInt(line) &* 64) }
    }
}
