public import NIOCore

/// Finds whole WebSocket frames in the bytes a connection reads (RFC 6455 §5.2), where they
/// arrive: a frame within one read is handed on as a slice of the read buffer itself, and only a
/// frame split across reads is copied, only its own bytes. What follows the last whole frame is
/// kept, in a buffer of its own, so that the connection's read buffer is not held.
public struct WebSocketFrameReader: Sendable {
    /// Who sends the frames read: what their headers must be.
    public let sender: WebSocketFrameHeader.Sender
    /// The largest payload taken.
    public let maxPayload: Int
    /// Bytes after the last whole frame read, or held unread (``hold(_:)``).
    private var kept: ByteBuffer?

    /// A reader of `sender`'s frames, with payloads of at most `maxPayload` bytes.
    public init(sender: WebSocketFrameHeader.Sender, maxPayload: Int) {
        self.sender = sender
        self.maxPayload = maxPayload
    }

    /// How many bytes wait for the next read.
    public var keptBytes: Int { kept?.readableBytes ?? 0 }

    /// Keeps `input` for a later ``read(_:_:)`` without reading its frames yet.
    public mutating func hold(_ input: ByteBuffer) {
        keep(input)
    }

    /// Hands `handle` each whole frame in what was kept, then in `input`, in order, while it
    /// returns true; at the first false the rest is dropped (the connection is ending). Throws
    /// for a header `sender` may not send, dropping what was kept. `handle` must not use this
    /// reader.
    public mutating func read(
        _ input: ByteBuffer, _ handle: (WebSocketFrameHeader, ByteBuffer) -> Bool
    ) throws(WebSocketFrameHeader.Problem) {
        var input = input
        if var pending = kept {
            kept = nil
            guard try deliver(from: &pending, handle) else { return }
            if pending.readableBytes > 0 {
                guard try complete(&pending, from: &input) else {
                    kept = pending
                    return
                }
                guard try deliver(from: &pending, handle) else { return }
            }
        }
        guard try deliver(from: &input, handle) else { return }
        keep(input)
    }

    /// Copies from `input` into `pending` (which begins with part of one frame) the bytes its
    /// frame still lacks, and no more; true once `pending` holds the whole frame.
    private func complete(
        _ pending: inout ByteBuffer, from input: inout ByteBuffer
    ) throws(WebSocketFrameHeader.Problem) -> Bool {
        while true {
            let header = try header(at: pending)
            let needed = header?.frameLength ?? pending.withUnsafeReadableBytes(WebSocketFrameHeader.bytesNeeded)
            let missing = needed - pending.readableBytes
            if missing <= 0, header != nil { return true }
            guard missing > 0, input.readableBytes > 0 else { return false }
            var part = input.readSlice(length: min(missing, input.readableBytes))!
            pending.writeBuffer(&part)
        }
    }

    /// Hands on each whole frame at the start of `input`, leaving one that has not wholly
    /// arrived; false when `handle` said to stop.
    private func deliver(
        from input: inout ByteBuffer, _ handle: (WebSocketFrameHeader, ByteBuffer) -> Bool
    ) throws(WebSocketFrameHeader.Problem) -> Bool {
        while input.readableBytes > 0 {
            guard let header = try header(at: input), input.readableBytes >= header.frameLength else { return true }
            input.moveReaderIndex(forwardBy: header.length)
            let payload = input.readSlice(length: header.payloadLength)!
            guard handle(header, payload) else { return false }
        }
        return true
    }

    /// The header at the start of `buffer`, `nil` while part of it has not arrived.
    private func header(at buffer: ByteBuffer) throws(WebSocketFrameHeader.Problem) -> WebSocketFrameHeader? {
        let read = buffer.withUnsafeReadableBytes { bytes in
            Result { () throws(WebSocketFrameHeader.Problem) in
                try WebSocketFrameHeader.read(bytes, from: sender, maxPayload: maxPayload)
            }
        }
        return try read.get()
    }

    /// Keeps what is left of `input`, after what was kept, in a buffer of its own size.
    private mutating func keep(_ input: ByteBuffer) {
        guard input.readableBytes > 0 else { return }
        if var waiting = kept {
            var input = input
            kept = nil
            waiting.writeBuffer(&input)
            kept = waiting
        } else {
            var copy = ByteBufferAllocator().buffer(capacity: max(input.readableBytes, 256))
            copy.writeImmutableBuffer(input)
            kept = copy
        }
    }
}
