import NIOCore
import Testing
import WebSocketFrames

/// A frame's header is read at each length's encoding, waits for its missing bytes, and refuses
/// what its sender may not send with the reason: a server's frames unmasked, a client's masked,
/// with the key that unmasks its payload.
@Suite struct WebSocketFrameHeaderTests {
    private func read(
        _ bytes: [UInt8], from sender: WebSocketFrameHeader.Sender = .server, limit: Int = 1 << 22
    ) throws(WebSocketFrameHeader.Problem) -> WebSocketFrameHeader? {
        let result = bytes.withUnsafeBytes { bytes in
            Result { () throws(WebSocketFrameHeader.Problem) in
                try WebSocketFrameHeader.read(bytes, from: sender, maxPayload: limit)
            }
        }
        return try result.get()
    }

    @Test func aClientsFrameIsMaskedAndItsKeyUnmasksThePayload() throws {
        // RFC 6455 §5.7: a masked "Hello" from a client.
        let frame: [UInt8] = [0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58]
        let header = try #require(try read(frame, from: .client))
        #expect(
            header == WebSocketFrameHeader(fin: true, opcode: .text, length: 6, payloadLength: 5, maskKey: 0x37FA_213D))
        var payload = ByteBuffer(bytes: frame[6...])
        WebSocketFrameHeader.unmask(&payload, key: 0x37FA_213D)
        #expect(String(buffer: payload) == "Hello")
        #expect(
            try read([0x82, 0xFE, 0x01, 0x00, 1, 2, 3, 4], from: .client)
                == WebSocketFrameHeader(fin: true, opcode: .binary, length: 8, payloadLength: 256, maskKey: 0x0102_0304)
        )
        #expect(try read([0x81, 0xFE, 0x01, 0x00, 1, 2, 3], from: .client) == nil)
        #expect(throws: WebSocketFrameHeader.Problem.unmasked) { try read([0x81, 0x05], from: .client) }
    }

    @Test func eachLengthEncodingIsRead() throws {
        #expect(try read([0x81, 5]) == WebSocketFrameHeader(fin: true, opcode: .text, length: 2, payloadLength: 5))
        #expect(
            try read([0x02, 126, 0x01, 0x00])
                == WebSocketFrameHeader(fin: false, opcode: .binary, length: 4, payloadLength: 256))
        #expect(
            try read([0x80, 127, 0, 0, 0, 0, 0, 0x01, 0x00, 0x00])
                == WebSocketFrameHeader(fin: true, opcode: .continuation, length: 10, payloadLength: 65_536))
        #expect(try read([0x89, 0]) == WebSocketFrameHeader(fin: true, opcode: .ping, length: 2, payloadLength: 0))
    }

    @Test func aHeaderNotWhollyArrivedWaits() throws {
        #expect(try read([]) == nil)
        #expect(try read([0x81]) == nil)
        #expect(try read([0x81, 126, 0x01]) == nil)
        #expect(try read([0x81, 127, 0, 0, 0, 0, 0, 0, 1]) == nil)
        #expect(
            ([[0x81], [0x81, 126], [0x81, 127], [0x81, 0x85]] as [[UInt8]]).map { bytes in
                bytes.withUnsafeBytes(WebSocketFrameHeader.bytesNeeded)
            } == [2, 4, 10, 6])
    }

    @Test func whatAServerMayNotSendIsRefused() {
        #expect(throws: WebSocketFrameHeader.Problem.masked) { try read([0x81, 0x81, 1, 2, 3, 4]) }
        #expect(throws: WebSocketFrameHeader.Problem.reservedBits) { try read([0xC1, 1]) }
        #expect(throws: WebSocketFrameHeader.Problem.reservedOpcode(3)) { try read([0x83, 0]) }
        #expect(throws: WebSocketFrameHeader.Problem.reservedOpcode(0xB)) { try read([0x8B, 0]) }
        #expect(throws: WebSocketFrameHeader.Problem.fragmentedControl) { try read([0x09, 0]) }
        #expect(throws: WebSocketFrameHeader.Problem.controlTooLong(126)) { try read([0x88, 126, 0, 126]) }
        #expect(throws: WebSocketFrameHeader.Problem.tooLarge(limit: 100)) { try read([0x81, 101], limit: 100) }
        #expect(throws: WebSocketFrameHeader.Problem.tooLarge(limit: 1 << 22)) {
            try read([0x81, 127, 0x80, 0, 0, 0, 0, 0, 0, 0])
        }
    }
}
