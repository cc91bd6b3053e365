import NIOCore

/// Server frames (unmasked) written back to back into one buffer, for one write and one flush
/// of many frames: a firehose batch costs one system call instead of one a frame (RFC 6455 §5.2).
struct WebSocketFrameBatch {
    /// The frames written so far, header and payload each.
    private(set) var buffer: ByteBuffer

    /// An empty batch with room for `capacity` bytes.
    init(capacity: Int = 1 << 16) {
        buffer = ByteBufferAllocator().buffer(capacity: capacity)
    }

    /// Whether no frame was added since the last ``removeAll()``.
    var isEmpty: Bool { buffer.readableBytes == 0 }

    /// Forgets the frames, keeping the storage when no write still holds it.
    mutating func removeAll() {
        buffer.clear()
    }

    /// Adds one final binary frame carrying `payload`.
    mutating func appendBinary(_ payload: [UInt8]) {
        append(opcode: 0x2, payload)
    }

    /// Adds one final text frame carrying `payload`, which must be UTF-8.
    mutating func appendText(_ payload: [UInt8]) {
        append(opcode: 0x1, payload)
    }

    private mutating func append(opcode: UInt8, _ payload: [UInt8]) {
        buffer.writeInteger(0x80 | opcode)
        switch payload.count {
        case 0..<126:
            buffer.writeInteger(UInt8(payload.count))
        case 126...0xFFFF:
            buffer.writeInteger(UInt8(126))
            buffer.writeInteger(UInt16(payload.count))
        default:
            buffer.writeInteger(UInt8(127))
            buffer.writeInteger(UInt64(payload.count))
        }
        buffer.writeBytes(payload)
    }
}
