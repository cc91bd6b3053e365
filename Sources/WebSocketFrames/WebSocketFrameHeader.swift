public import NIOCore

/// The header of one WebSocket frame (RFC 6455 §5.2), read from the bytes that begin it: where
/// the payload starts, how long it is, what the frame is, and the key its payload is masked with.
/// Each end reads only what the other may send: a server's frames unmasked and a client's masked
/// (§5.1), no reserved bits without an extension, control frames whole and short (§5.5).
public struct WebSocketFrameHeader: Equatable, Sendable {
    /// Which end sent a frame.
    public enum Sender: Sendable {
        /// The server: its frames are never masked.
        case server
        /// The client: its frames are always masked.
        case client
    }

    /// What a frame carries (§5.2, §11.8); the other opcodes are reserved.
    public enum Opcode: UInt8, Sendable {
        case continuation = 0x0
        case text = 0x1
        case binary = 0x2
        case close = 0x8
        case ping = 0x9
        case pong = 0xA

        /// Whether this is a control frame: close, ping or pong.
        public var isControl: Bool { rawValue & 0x8 != 0 }
    }

    /// Why bytes cannot begin a frame their sender may send.
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        /// A masked frame from a server: only clients mask (§5.1).
        case masked
        /// An unmasked frame from a client, which must mask every frame (§5.1).
        case unmasked
        /// Reserved bits set, which no extension was agreed to give a meaning.
        case reservedBits
        /// An opcode RFC 6455 reserves.
        case reservedOpcode(UInt8)
        /// A close, ping or pong split over frames.
        case fragmentedControl
        /// A close, ping or pong with more than 125 bytes.
        case controlTooLong(Int)
        /// A payload past the reader's limit.
        case tooLarge(limit: Int)

        public var description: String {
            switch self {
            case .masked: "a masked frame"
            case .unmasked: "an unmasked frame"
            case .reservedBits: "a frame with reserved bits set"
            case .reservedOpcode(let code): "a frame with the reserved opcode \(code)"
            case .fragmentedControl: "a control frame without FIN"
            case .controlTooLong(let length): "a control frame of \(length) bytes (at most 125)"
            case .tooLarge(let limit): "a frame larger than \(limit) bytes"
            }
        }
    }

    /// Whether the frame ends its message.
    public let fin: Bool
    /// What the frame carries.
    public let opcode: Opcode
    /// The header's own bytes: where the payload starts.
    public let length: Int
    /// The payload's bytes.
    public let payloadLength: Int
    /// The key a client's payload is masked with, `nil` for a server's frame.
    public let maskKey: UInt32?

    /// A header of these parts.
    public init(fin: Bool, opcode: Opcode, length: Int, payloadLength: Int, maskKey: UInt32? = nil) {
        self.fin = fin
        self.opcode = opcode
        self.length = length
        self.payloadLength = payloadLength
        self.maskKey = maskKey
    }

    /// The header's and the payload's bytes together.
    public var frameLength: Int { length + payloadLength }

    /// How many bytes the header that `bytes` begins takes: 2 until the second byte is there,
    /// then its full length (the extended payload length and a mask key included).
    public static func bytesNeeded(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard bytes.count >= 2 else { return 2 }
        let short = bytes[1] & 0x7F
        let extended = short == 126 ? 2 : short == 127 ? 8 : 0
        return 2 + extended + (bytes[1] & 0x80 != 0 ? 4 : 0)
    }

    /// The header at the start of `bytes`, `nil` while part of it has not arrived. Throws for
    /// a frame `sender` may not send, or one whose payload is over `maxPayload` bytes.
    public static func read(
        _ bytes: UnsafeRawBufferPointer, from sender: Sender, maxPayload: Int
    ) throws(Problem) -> WebSocketFrameHeader? {
        let needed = bytesNeeded(bytes)
        guard bytes.count >= needed else { return nil }
        let first = bytes[0]
        let second = bytes[1]
        let isMasked = second & 0x80 != 0
        switch sender {
        case .server: guard !isMasked else { throw .masked }
        case .client: guard isMasked else { throw .unmasked }
        }
        guard first & 0x70 == 0 else { throw .reservedBits }
        guard let opcode = Opcode(rawValue: first & 0x0F) else { throw .reservedOpcode(first & 0x0F) }
        let fin = first & 0x80 != 0
        let lengthEnd = isMasked ? needed - 4 : needed
        var payload = UInt64(second & 0x7F)
        if lengthEnd > 2 {
            payload = 0
            for index in 2..<lengthEnd { payload = payload << 8 | UInt64(bytes[index]) }
        }
        if opcode.isControl {
            guard fin else { throw .fragmentedControl }
            guard payload <= 125 else { throw .controlTooLong(Int(clamping: payload)) }
        }
        guard payload <= UInt64(maxPayload) else { throw .tooLarge(limit: maxPayload) }
        var maskKey: UInt32?
        if isMasked {
            maskKey = (lengthEnd..<needed).reduce(0) { $0 << 8 | UInt32(bytes[$1]) }
        }
        return WebSocketFrameHeader(
            fin: fin, opcode: opcode, length: needed, payloadLength: Int(payload), maskKey: maskKey)
    }

    /// Undoes a client's masking of `payload` (§5.3) with `key`, in place.
    public static func unmask(_ payload: inout ByteBuffer, key: UInt32) {
        payload.withUnsafeMutableReadableBytes { bytes in
            for index in bytes.indices {
                bytes[index] ^= UInt8(truncatingIfNeeded: key >> (24 - 8 * UInt32(index & 3)))
            }
        }
    }
}
