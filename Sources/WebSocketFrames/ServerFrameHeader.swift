/// The header of one frame a server sent (RFC 6455 §5.2), read from the bytes that begin it:
/// where the payload starts, how long it is, and what the frame is. A client reads only what a
/// server may send: unmasked frames (§5.1), no reserved bits without an extension, control
/// frames whole and short (§5.5).
public struct ServerFrameHeader: Equatable, Sendable {
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

    /// Why bytes cannot begin a frame a server may send.
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        /// A masked frame: only clients mask (§5.1).
        case masked
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
            case .masked: "a masked frame from the server"
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

    /// A header of these parts.
    public init(fin: Bool, opcode: Opcode, length: Int, payloadLength: Int) {
        self.fin = fin
        self.opcode = opcode
        self.length = length
        self.payloadLength = payloadLength
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
    /// a frame a server may not send, or one whose payload is over `maxPayload` bytes.
    public static func read(_ bytes: UnsafeRawBufferPointer, maxPayload: Int) throws(Problem) -> ServerFrameHeader? {
        let needed = bytesNeeded(bytes)
        guard bytes.count >= needed else { return nil }
        let first = bytes[0]
        let second = bytes[1]
        guard second & 0x80 == 0 else { throw .masked }
        guard first & 0x70 == 0 else { throw .reservedBits }
        guard let opcode = Opcode(rawValue: first & 0x0F) else { throw .reservedOpcode(first & 0x0F) }
        let fin = first & 0x80 != 0
        var payload = UInt64(second & 0x7F)
        if needed > 2 {
            payload = 0
            for index in 2..<needed { payload = payload << 8 | UInt64(bytes[index]) }
        }
        if opcode.isControl {
            guard fin else { throw .fragmentedControl }
            guard payload <= 125 else { throw .controlTooLong(Int(clamping: payload)) }
        }
        guard payload <= UInt64(maxPayload) else { throw .tooLarge(limit: maxPayload) }
        return ServerFrameHeader(fin: fin, opcode: opcode, length: needed, payloadLength: Int(payload))
    }
}
