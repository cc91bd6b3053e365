public import NIOCore

/// A close frame's payload (RFC 6455 §5.5.1): the code that says why the connection ends
/// (§7.4.1), and the answer to the other end's close.
public enum WebSocketClose {
    /// The payload of a close with `code`.
    public static func payload(code: UInt16) -> [UInt8] {
        [UInt8(code >> 8), UInt8(code & 0xFF)]
    }

    /// The payload that answers a close carrying `payload`: its code, or 1000 when it had none.
    public static func echo(of payload: ByteBuffer) -> [UInt8] {
        payload.readableBytes >= 2 ? Array(payload.readableBytesView.prefix(2)) : Self.payload(code: 1000)
    }
}

extension WebSocketFrameHeader.Problem {
    /// The close code that says this problem: 1009 for a frame too large, 1002 otherwise.
    public var closeCode: UInt16 {
        if case .tooLarge = self { 1009 } else { 1002 }
    }
}

extension WebSocketMessageAssembler.Problem {
    /// The close code that says this problem: 1009 for a message too large, 1002 otherwise.
    public var closeCode: UInt16 {
        if case .tooLarge = self { 1009 } else { 1002 }
    }
}
