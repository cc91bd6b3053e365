import Testing
import WebSocketFrames

/// A server frame's header is read at each length's encoding, waits for its missing bytes, and
/// refuses what a server may not send with the reason.
@Suite struct ServerFrameHeaderTests {
    private func read(_ bytes: [UInt8], limit: Int = 1 << 22) throws(ServerFrameHeader.Problem) -> ServerFrameHeader? {
        let result = bytes.withUnsafeBytes { bytes in
            Result { () throws(ServerFrameHeader.Problem) in try ServerFrameHeader.read(bytes, maxPayload: limit) }
        }
        return try result.get()
    }

    @Test func eachLengthEncodingIsRead() throws {
        #expect(try read([0x81, 5]) == ServerFrameHeader(fin: true, opcode: .text, length: 2, payloadLength: 5))
        #expect(
            try read([0x02, 126, 0x01, 0x00])
                == ServerFrameHeader(fin: false, opcode: .binary, length: 4, payloadLength: 256))
        #expect(
            try read([0x80, 127, 0, 0, 0, 0, 0, 0x01, 0x00, 0x00])
                == ServerFrameHeader(fin: true, opcode: .continuation, length: 10, payloadLength: 65_536))
        #expect(try read([0x89, 0]) == ServerFrameHeader(fin: true, opcode: .ping, length: 2, payloadLength: 0))
    }

    @Test func aHeaderNotWhollyArrivedWaits() throws {
        #expect(try read([]) == nil)
        #expect(try read([0x81]) == nil)
        #expect(try read([0x81, 126, 0x01]) == nil)
        #expect(try read([0x81, 127, 0, 0, 0, 0, 0, 0, 1]) == nil)
        #expect(
            ([[0x81], [0x81, 126], [0x81, 127], [0x81, 0x85]] as [[UInt8]]).map { bytes in
                bytes.withUnsafeBytes(ServerFrameHeader.bytesNeeded)
            } == [2, 4, 10, 6])
    }

    @Test func whatAServerMayNotSendIsRefused() {
        #expect(throws: ServerFrameHeader.Problem.masked) { try read([0x81, 0x81, 1, 2, 3, 4]) }
        #expect(throws: ServerFrameHeader.Problem.reservedBits) { try read([0xC1, 1]) }
        #expect(throws: ServerFrameHeader.Problem.reservedOpcode(3)) { try read([0x83, 0]) }
        #expect(throws: ServerFrameHeader.Problem.reservedOpcode(0xB)) { try read([0x8B, 0]) }
        #expect(throws: ServerFrameHeader.Problem.fragmentedControl) { try read([0x09, 0]) }
        #expect(throws: ServerFrameHeader.Problem.controlTooLong(126)) { try read([0x88, 126, 0, 126]) }
        #expect(throws: ServerFrameHeader.Problem.tooLarge(limit: 100)) { try read([0x81, 101], limit: 100) }
        #expect(throws: ServerFrameHeader.Problem.tooLarge(limit: 1 << 22)) {
            try read([0x81, 127, 0x80, 0, 0, 0, 0, 0, 0, 0])
        }
    }
}
