import Foundation
import NIOCore
import NIOEmbedded
import Testing

@testable import ExchangeSimulator

/// The filter in front of the simulator's HTTP parser, on the bytes a client sends.
@Suite struct DeclinedUpgradeFilterTests {
    private static let h2cRequest =
        "GET /v1/test/getcrumb HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\n"
        + "HTTP2-Settings: AAMAAABkAAQAoAAAAAIAAAAA\r\nUser-Agent: Mozilla/5.0\r\n\r\n"
    private static let post =
        "POST /oauth2/tokenP HTTP/1.1\r\nHost: x\r\nContent-Length: 14\r\n\r\nUpgrade: h2c\r\n"
    private static let webSocket =
        "GET /websocket/v1 HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
        + "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"

    /// What comes out of the filter when `text` arrives cut into pieces of `size` bytes.
    private func filtered(_ text: String, inPiecesOf size: Int) throws -> String {
        let channel = EmbeddedChannel(handler: DeclinedUpgradeFilter())
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            let end = min(start + size, bytes.count)
            try channel.writeInbound(ByteBuffer(bytes: bytes[start..<end]))
            start = end
        }
        var output: [UInt8] = []
        while let buffer = try channel.readInbound(as: ByteBuffer.self) {
            output += buffer.readableBytesView
        }
        _ = try channel.finish()
        return String(decoding: output, as: UTF8.self)
    }

    @Test func anH2CUpgradeIsRenamedAndEverythingElseKeptByteForByte() throws {
        let expected = Self.h2cRequest.replacingOccurrences(of: "Upgrade: h2c", with: "Ignored: h2c")
        for size in [1, 2, 3, 7, 50, 1000] {
            #expect(try filtered(Self.h2cRequest, inPiecesOf: size) == expected, "pieces of \(size)")
        }
    }

    @Test func tenKeptAliveRequestsAreEachScreenedAndABodyIsLeftAlone() throws {
        let stream = String(repeating: Self.h2cRequest + Self.post, count: 10)
        let expected = String(
            repeating: Self.h2cRequest.replacingOccurrences(of: "Upgrade: h2c", with: "Ignored: h2c") + Self.post,
            count: 10)
        for size in [1, 5, 64, 100_000] {
            #expect(try filtered(stream, inPiecesOf: size) == expected, "pieces of \(size)")
        }
    }

    @Test func aWebSocketUpgradeAndTheFramesAfterItPassUntouched() throws {
        let frames = "\u{81}\u{05}Upgrade: h2c\r\n\r\n"
        #expect(try filtered(Self.webSocket + frames, inPiecesOf: 3) == Self.webSocket + frames)
    }

    @Test func aChunkedBodyOrGarbageGoesThroughForTheParserToJudge() throws {
        let chunked = "POST /x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n" + Self.h2cRequest
        #expect(try filtered(chunked, inPiecesOf: 4) == chunked)
        let garbage = String(repeating: "x", count: DeclinedUpgradeFilter.maximumHeadBytes + 10)
        #expect(try filtered(garbage, inPiecesOf: 4096) == garbage)
    }

    @Test func aPartialHeadAtTheEndOfInputIsStillHandedOn() throws {
        let channel = EmbeddedChannel(handler: DeclinedUpgradeFilter())
        try channel.writeInbound(ByteBuffer(string: "GET / HTTP/1.1\r\nHost"))
        #expect(try channel.readInbound(as: ByteBuffer.self) == nil)
        channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        #expect(try channel.readInbound(as: ByteBuffer.self).map { String(buffer: $0) } == "GET / HTTP/1.1\r\nHost")
        _ = try channel.finish()
    }
}
