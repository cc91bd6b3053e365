import NIOCore
import Testing
import WebSocketFrames

/// A batch's frames are RFC 6455 server frames, back to back: FIN and the opcode, the length in
/// one, three or nine bytes, no mask, the payload.
@Suite struct WebSocketFrameBatchTests {
    @Test(arguments: [0, 1, 125, 126, 65_535, 65_536, 200_000])
    func eachLengthIsWrittenInItsShortestForm(length: Int) {
        let payload = (0..<length).map { UInt8(truncatingIfNeeded: $0) }
        var batch = WebSocketFrameBatch()
        batch.appendBinary(payload)
        batch.appendText(Array("PING".utf8))
        var bytes = batch.buffer
        #expect(bytes.readInteger(as: UInt8.self) == 0x82)
        let first = bytes.readInteger(as: UInt8.self)
        switch length {
        case ..<126: #expect(first == UInt8(length))
        case ...0xFFFF:
            #expect(first == 126)
            #expect(bytes.readInteger(as: UInt16.self) == UInt16(length))
        default:
            #expect(first == 127)
            #expect(bytes.readInteger(as: UInt64.self) == UInt64(length))
        }
        #expect(bytes.readBytes(length: length) == payload)
        #expect(bytes.readBytes(length: 6) == [0x81, 4] + Array("PING".utf8))
        #expect(bytes.readableBytes == 0)
    }

    @Test func removingAllEmptiesTheBatch() {
        var batch = WebSocketFrameBatch()
        #expect(batch.isEmpty)
        batch.appendBinary([1, 2, 3])
        #expect(!batch.isEmpty)
        batch.removeAll()
        #expect(batch.isEmpty)
    }
}
