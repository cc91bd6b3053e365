public import NIOCore

/// A frame as a client must send it (RFC 6455 §5.3): final, its payload masked with a key the
/// client picks afresh for each frame.
public enum MaskedClientFrame {
    /// Writes one final frame of `opcode` carrying `payload`, masked with `key`, to `buffer`.
    public static func write(
        _ opcode: WebSocketFrameHeader.Opcode, payload: some Collection<UInt8>, key: UInt32, to buffer: inout ByteBuffer
    ) {
        let count = payload.count
        buffer.reserveCapacity(minimumWritableBytes: count + 14)
        buffer.writeInteger(0x80 | opcode.rawValue)
        switch count {
        case 0..<126:
            buffer.writeInteger(0x80 | UInt8(count))
        case 126...0xFFFF:
            buffer.writeInteger(UInt8(0x80 | 126))
            buffer.writeInteger(UInt16(count))
        default:
            buffer.writeInteger(UInt8(0x80 | 127))
            buffer.writeInteger(UInt64(count))
        }
        buffer.writeInteger(key)
        let mask = [
            UInt8(truncatingIfNeeded: key >> 24), UInt8(truncatingIfNeeded: key >> 16),
            UInt8(truncatingIfNeeded: key >> 8), UInt8(truncatingIfNeeded: key),
        ]
        var index = 0
        for byte in payload {
            buffer.writeInteger(byte ^ mask[index & 3])
            index += 1
        }
    }

    /// One final frame of `opcode` carrying `payload`, masked with a random key, in a buffer of its own.
    public static func make(_ opcode: WebSocketFrameHeader.Opcode, payload: some Collection<UInt8>) -> ByteBuffer {
        var buffer = ByteBufferAllocator().buffer(capacity: payload.count + 14)
        write(opcode, payload: payload, key: UInt32.random(in: 0...UInt32.max), to: &buffer)
        return buffer
    }
}
