import Foundation
import NIOCore
import WebSocketFrames

/// Writes ready-made WebSocket frames (a ``WebSocketFrameBatch``) to an upgraded connection,
/// below the frame encoder, as one write and one flush; the frames the session's
/// `WebSocketOutboundWriter` writes go their usual way, in the order both were written.
///
/// Installed once the upgrade is done, as the pipeline's first handler: bytes written from its
/// context go straight to the socket.
struct RawFrameWriter: Sendable {
    private let channel: any Channel
    private let outlet: NIOLoopBound<RawFrameOutlet>

    /// Adds the outlet to `channel`'s pipeline.
    static func install(on channel: any Channel) async throws -> RawFrameWriter {
        try await channel.eventLoop.submit {
            let outlet = RawFrameOutlet()
            try channel.pipeline.syncOperations.addHandler(outlet, position: .first)
            return RawFrameWriter(channel: channel, outlet: NIOLoopBound(outlet, eventLoop: channel.eventLoop))
        }.get()
    }

    /// Writes the batch's frames and returns once the socket has taken them (the session's
    /// back-pressure); throws when the connection is closed.
    func write(_ batch: WebSocketFrameBatch) async throws {
        guard !batch.isEmpty else { return }
        try await startWrite(batch).get()
    }

    /// Hands the batch's frames to the connection and returns at once; the future completes
    /// once the socket has taken them.
    func startWrite(_ batch: WebSocketFrameBatch) -> EventLoopFuture<Void> {
        let bytes = batch.buffer
        let outlet = outlet
        let loop = channel.eventLoop
        return loop.flatSubmit {
            let promise = loop.makePromise(of: Void.self)
            outlet.value.write(bytes, promise: promise)
            return promise.futureResult
        }
    }
}

/// Batches of frames made on child tasks, several at once, and written in the order they were
/// asked for, one write on its way at a time: a session's frames are made on every core while
/// the batch before goes to the socket.
///
/// The session numbers each batch with ``reserve()`` when it starts making it, hands the made
/// batch to ``finish(_:)``, and calls ``settle()`` before it writes anything else itself.
struct OrderedFrameBatches {
    /// A made batch and its place in the order.
    struct Made: Sendable {
        let number: Int
        let batch: WebSocketFrameBatch
    }

    private let frames: RawFrameWriter
    private var nextNumber = 0
    private var nextToWrite = 0
    /// Made batches waiting for the ones before them.
    private var waiting: [Int: WebSocketFrameBatch] = [:]
    private var writing: EventLoopFuture<Void>?

    init(frames: RawFrameWriter) {
        self.frames = frames
    }

    /// Batches asked for and not yet made.
    var inMaking: Int { nextNumber - nextToWrite - waiting.count }

    /// The number of the next batch in the order.
    mutating func reserve() -> Int {
        defer { nextNumber += 1 }
        return nextNumber
    }

    /// Takes a made batch and writes every batch whose turn has come; throws when the connection
    /// is closed.
    mutating func finish(_ made: Made) async throws {
        waiting[made.number] = made.batch
        while let batch = waiting.removeValue(forKey: nextToWrite) {
            nextToWrite += 1
            guard !batch.isEmpty else { continue }
            try await settle()
            writing = frames.startWrite(batch)
        }
    }

    /// Waits for the write on its way.
    mutating func settle() async throws {
        guard let write = writing else { return }
        writing = nil
        try await write.get()
    }
}

extension RawFrameWriter {
    /// Writes each value as its own text frame (its `JSONEncoder` text), all in one write: the
    /// ticks of one batch of trades, on the dialects that send JSON in text frames.
    func writeTextFrames(_ values: [some Encodable], encoder: JSONEncoder) async throws {
        guard !values.isEmpty else { return }
        var batch = WebSocketFrameBatch(capacity: values.count * 512)
        for value in values { batch.appendText(Array(try encoder.encode(value))) }
        try await write(batch)
    }
}

/// The pipeline's first handler: a way in for bytes that need no more encoding.
final class RawFrameOutlet: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private var context: ChannelHandlerContext?

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    /// Writes and flushes `bytes` toward the socket; fails the promise once the handler is gone.
    func write(_ bytes: ByteBuffer, promise: EventLoopPromise<Void>) {
        guard let context else {
            promise.fail(ChannelError.ioOnClosedChannel)
            return
        }
        context.writeAndFlush(wrapOutboundOut(bytes), promise: promise)
    }
}
