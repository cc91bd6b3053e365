import NIOCore
import NIOEmbedded
import Synchronization
import Testing
import WebSocketFrames

@testable import WebDashboard

/// A tab's socket on an embedded channel: the tab's masked frames come out unmasked and whole
/// however the reads cut them; pings are answered, the tab's close is echoed, a frame a client
/// may not send closes the connection with its code, a tab that leaves a ping unanswered is
/// closed, and the end is told once.
@Suite struct TabSocketHandlerTests {
    /// What the socket handed on.
    private final class Received: Sendable {
        let messages = Mutex<[String]>([])
        let ends = Mutex(0)
    }

    /// A frame as a page sends it: masked with `key`.
    private func clientFrame(
        _ opcode: UInt8, _ payload: [UInt8], fin: Bool = true, key: UInt32 = 0x1234_5678
    ) -> [UInt8] {
        var frame: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        switch payload.count {
        case 0..<126: frame.append(0x80 | UInt8(payload.count))
        default: frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        }
        let mask = (0..<4).map { UInt8(truncatingIfNeeded: key >> (24 - 8 * UInt32($0))) }
        return frame + mask + payload.enumerated().map { $1 ^ mask[$0 & 3] }
    }

    /// The frames the server wrote: (opcode, payload) each. Fails on a masked one.
    private func written(_ channel: EmbeddedChannel) throws -> [(opcode: UInt8, payload: [UInt8])] {
        var frames: [(UInt8, [UInt8])] = []
        while var buffer = try channel.readOutbound(as: ByteBuffer.self) {
            while buffer.readableBytes > 0 {
                let bytes = Array(buffer.readableBytesView)
                #expect(bytes[1] & 0x80 == 0, "a server frame is never masked")
                let length = Int(bytes[1] & 0x7F)
                frames.append((bytes[0] & 0x0F, Array(bytes[2..<(2 + length)])))
                buffer.moveReaderIndex(forwardBy: 2 + length)
            }
        }
        return frames
    }

    private func start(maxMessageSize: Int = 1 << 10) throws -> (EmbeddedChannel, TabSocketHandler, Received) {
        let channel = EmbeddedChannel()
        let received = Received()
        let handler = TabSocketHandler(
            maxMessageSize: maxMessageSize, pingInterval: .seconds(30),
            receive: { message in received.messages.withLock { $0.append(String(buffer: message)) } },
            closed: { received.ends.withLock { $0 += 1 } })
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        try channel.pipeline.syncOperations.addHandler(handler)
        return (channel, handler, received)
    }

    @Test func messagesComeOutUnmaskedAndWholeHoweverTheReadsCutThem() throws {
        let request = #"{"input":{"board":{"searchTextChanged":{"text":"ㅂㅌ"}}}}"#
        let long = String(repeating: "가", count: 60)  // 180 bytes: a 16-bit length
        let stream =
            clientFrame(0x1, Array(request.utf8)) + clientFrame(0x1, Array("{\"re".utf8), fin: false, key: 7)
            + clientFrame(0x9, [1, 2]) + clientFrame(0x0, Array("sync\":{}}".utf8), key: 0xFFFF_FFFF)
            + clientFrame(0x1, Array(long.utf8))
        for cut in 0...stream.count {
            let (channel, _, received) = try start()
            try channel.writeInbound(ByteBuffer(bytes: stream[..<cut]))
            try channel.writeInbound(ByteBuffer(bytes: stream[cut...]))
            #expect(received.messages.withLock { $0 } == [request, "{\"resync\":{}}", long], "cut at \(cut)")
            let pongs = try written(channel)
            #expect(pongs.count == 1 && pongs[0].opcode == 0xA && pongs[0].payload == [1, 2], "cut at \(cut)")
        }
    }

    @Test func theTabsCloseIsEchoedAndTheEndToldOnce() throws {
        let (channel, _, received) = try start()
        try channel.writeInbound(ByteBuffer(bytes: clientFrame(0x8, [0x03, 0xE9])))
        let frames = try written(channel)
        #expect(frames.map(\.opcode) == [0x8])
        #expect(frames.first?.payload == [0x03, 0xE9])
        #expect(!channel.isActive)
        #expect(received.ends.withLock { $0 } == 1)
    }

    @Test func aFrameAClientMayNotSendClosesTheConnectionWithItsCode() throws {
        let unmasked: [UInt8] = [0x81, 0x02, 0x7B, 0x7D]
        let cases: [(String, [UInt8], UInt16)] = [
            ("unmasked", unmasked, 1002),
            ("reserved bits", [0xC1] + clientFrame(0x1, [1]).dropFirst(), 1002),
            ("continuation first", clientFrame(0x0, [1]), 1002),
            ("too large", clientFrame(0x1, Array(repeating: 0x20, count: 2000)), 1009),
        ]
        for (name, bytes, code) in cases {
            let (channel, _, received) = try start()
            try channel.writeInbound(ByteBuffer(bytes: bytes))
            let frames = try written(channel)
            #expect(frames.map(\.opcode) == [0x8], "\(name)")
            #expect(frames.first?.payload == [UInt8(code >> 8), UInt8(code & 0xFF)], "\(name)")
            #expect(!channel.isActive, "\(name)")
            #expect(received.messages.withLock { $0 }.isEmpty, "\(name)")
            #expect(received.ends.withLock { $0 } == 1, "\(name)")
        }
    }

    @Test func aTabIsPingedEachIntervalAndClosedWhenItLeavesAPingUnanswered() throws {
        let (channel, _, received) = try start()
        channel.embeddedEventLoop.advanceTime(by: .seconds(30))
        #expect(try written(channel).map(\.opcode) == [0x9])
        try channel.writeInbound(ByteBuffer(bytes: clientFrame(0xA, [])))
        channel.embeddedEventLoop.advanceTime(by: .seconds(30))
        #expect(try written(channel).map(\.opcode) == [0x9])
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .seconds(30))
        let frames = try written(channel)
        #expect(frames.map(\.opcode) == [0x8])
        #expect(frames.first?.payload == [0x03, 0xE9])
        #expect(!channel.isActive)
        #expect(received.ends.withLock { $0 } == 1)
    }

    @Test func theServerGoingAwayClosesAfterTheTabsCloseOrTheTimeout() throws {
        let (channel, handler, received) = try start()
        handler.close(code: 1001)
        #expect(try written(channel).map(\.payload) == [[0x03, 0xE9]])
        // A message after this side's close is not handed on; the tab's close ends it.
        try channel.writeInbound(ByteBuffer(bytes: clientFrame(0x1, Array("late".utf8))))
        #expect(received.messages.withLock { $0 }.isEmpty)
        #expect(channel.isActive)
        try channel.writeInbound(ByteBuffer(bytes: clientFrame(0x8, [0x03, 0xE9])))
        #expect(!channel.isActive)
        #expect(try written(channel).isEmpty)

        let (silent, silentHandler, _) = try start()
        silentHandler.close(code: 1001)
        silent.embeddedEventLoop.advanceTime(by: .seconds(2))
        #expect(!silent.isActive)
    }

    @Test func aConnectionThatDropsTellsTheEndOnce() throws {
        let (channel, _, received) = try start()
        try channel.close().wait()
        #expect(received.ends.withLock { $0 } == 1)
    }
}
