public import NIOCore

/// Server frames (unmasked) written back to back into one buffer, for one write and one flush
/// of many frames: a firehose batch costs one system call instead of one a frame (RFC 6455 §5.2).
/// A frame made once and written to many connections (a shared view's patch) shares its buffer.
public struct WebSocketFrameBatch: Sendable {
    /// The frames written so far, header and payload each.
    public private(set) var buffer: ByteBuffer

    /// An empty batch with room for `capacity` bytes.
    public init(capacity: Int = 1 << 16) {
        buffer = ByteBufferAllocator().buffer(capacity: capacity)
    }

    /// Whether no frame was added since the last ``removeAll()``.
    public var isEmpty: Bool { buffer.readableBytes == 0 }

    /// Forgets the frames, keeping the storage when no write still holds it.
    public mutating func removeAll() {
        buffer.clear()
    }

    /// Adds one final binary frame carrying `payload`.
    public mutating func appendBinary(_ payload: [UInt8]) {
        appendHeader(opcode: 0x2, length: payload.count)
        buffer.writeBytes(payload)
    }

    /// Adds one final text frame carrying `payload`, which must be UTF-8.
    public mutating func appendText(_ payload: [UInt8]) {
        appendHeader(opcode: 0x1, length: payload.count)
        buffer.writeBytes(payload)
    }

    /// Adds one final text frame carrying `payload`'s readable bytes, which must be UTF-8.
    public mutating func appendText(_ payload: ByteBuffer) {
        appendHeader(opcode: 0x1, length: payload.readableBytes)
        buffer.writeImmutableBuffer(payload)
    }

    /// One final text frame carrying `payload`, in a buffer of its own.
    public static func text(_ payload: ByteBuffer) -> ByteBuffer {
        var batch = WebSocketFrameBatch(capacity: payload.readableBytes + 10)
        batch.appendText(payload)
        return batch.buffer
    }

    /// One server frame of `opcode` (a close, ping or pong: at most 125 bytes) carrying
    /// `payload`, in a buffer of its own.
    public static func control(_ opcode: WebSocketFrameHeader.Opcode, payload: some Collection<UInt8>) -> ByteBuffer {
        var batch = WebSocketFrameBatch(capacity: payload.count + 2)
        batch.appendHeader(opcode: opcode.rawValue, length: payload.count)
        batch.buffer.writeBytes(payload)
        return batch.buffer
    }

    private mutating func appendHeader(opcode: UInt8, length: Int) {
        buffer.writeInteger(0x80 | opcode)
        switch length {
        case 0..<126:
            buffer.writeInteger(UInt8(length))
        case 126...0xFFFF:
            buffer.writeInteger(UInt8(126))
            buffer.writeInteger(UInt16(length))
        default:
            buffer.writeInteger(UInt8(127))
            buffer.writeInteger(UInt64(length))
        }
    }
}
