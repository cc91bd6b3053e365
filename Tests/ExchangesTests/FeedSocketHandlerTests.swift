import NIOCore
import NIOEmbedded
import Synchronization
import Testing
import WebSocketFrames

@testable import Exchanges

/// The feed socket's reader on an embedded channel: messages come out whole and in order however
/// the reads cut the frames; pings are answered, closes echoed, a frame a server may not send
/// fails the connection with its close code, and a silent server is given up after a ping.
@Suite struct FeedSocketHandlerTests {
    /// What a test's reader got.
    private final class Received: Sendable {
        let messages = Mutex<[String]>([])
        var all: [String] { messages.withLock { $0 } }
    }

    /// A frame as the server sends it: unmasked.
    private func serverFrame(_ opcode: UInt8, _ payload: [UInt8], fin: Bool = true) -> [UInt8] {
        var frame: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        switch payload.count {
        case 0..<126: frame.append(UInt8(payload.count))
        case 126...0xFFFF: frame += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default: frame += [127] + (0..<8).reversed().map { UInt8(truncatingIfNeeded: payload.count >> ($0 * 8)) }
        }
        return frame + payload
    }

    private func text(_ string: String, fin: Bool = true, continuation: Bool = false) -> [UInt8] {
        serverFrame(continuation ? 0x0 : 0x1, Array(string.utf8), fin: fin)
    }

    /// The frames the client wrote, unmasked: (opcode, payload) each. Fails on an unmasked one.
    private func written(_ channel: EmbeddedChannel) throws -> [(opcode: UInt8, payload: [UInt8])] {
        var frames: [(UInt8, [UInt8])] = []
        while var buffer = try channel.readOutbound(as: ByteBuffer.self) {
            while buffer.readableBytes > 0 {
                let bytes = Array(buffer.readableBytesView)
                #expect(bytes[1] & 0x80 != 0, "a client frame must be masked")
                var length = Int(bytes[1] & 0x7F)
                var offset = 2
                if length == 126 {
                    length = Int(bytes[2]) << 8 | Int(bytes[3])
                    offset = 4
                }
                let mask = Array(bytes[offset..<offset + 4])
                let payload = bytes[(offset + 4)..<(offset + 4 + length)].enumerated().map { $1 ^ mask[$0 & 3] }
                frames.append((bytes[0] & 0x0F, payload))
                buffer.moveReaderIndex(forwardBy: offset + 4 + length)
            }
        }
        return frames
    }

    private func start(
        maxMessageSize: Int = 1 << 16, receive: FrameReceiver? = nil
    ) throws -> (EmbeddedChannel, FeedSocketHandler, Received, () -> Result<Void, any Error>?) {
        let channel = EmbeddedChannel()
        let handler = FeedSocketHandler(
            on: channel.embeddedEventLoop, maxMessageSize: maxMessageSize, pingInterval: .seconds(30))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        try channel.pipeline.syncOperations.addHandler(handler)
        let received = Received()
        var outcome: Result<Void, any Error>?
        handler.startReading(
            receive ?? { bytes, _ in received.messages.withLock { $0.append(String(decoding: bytes, as: UTF8.self)) } }
        ).assumeIsolated().whenComplete { outcome = $0 }
        return (channel, handler, received, { outcome })
    }

    private func send(_ bytes: [UInt8], to channel: EmbeddedChannel) throws {
        try channel.writeInbound(ByteBuffer(bytes: bytes))
    }

    @Test func messagesComeOutWholeAndInOrderHoweverTheReadsCutThem() throws {
        let long = String(repeating: "가", count: 100)  // 300 bytes: a 16-bit length
        let stream = text("{\"a\":1}") + text(long) + serverFrame(0x2, [1, 2, 3]) + text("{\"b\":2}")
        for cut in 0...stream.count {
            for second in [cut, min(stream.count, cut + 1), min(stream.count, cut + 7)] {
                let (channel, _, received, _) = try start()
                try send(Array(stream[..<cut]), to: channel)
                try send(Array(stream[cut..<second]), to: channel)
                try send(Array(stream[second...]), to: channel)
                #expect(
                    received.all == ["{\"a\":1}", long, "\u{1}\u{2}\u{3}", "{\"b\":2}"], "cut at \(cut), \(second)")
            }
        }
    }

    @Test func theFirstMessageOfEachReadIsMarkedAndNoOther() throws {
        let firsts = Mutex<[String]>([])
        let (channel, _, _, _) = try start(receive: { bytes, isFirstOfItsRead in
            firsts.withLock { $0.append("\(String(decoding: bytes, as: UTF8.self)):\(isFirstOfItsRead)") }
        })
        // A read of three messages; a read that only ends a message (it is that read's first);
        // a read of a ping alone (no message) and then a read of one message.
        let split = text("d")
        try send(text("a") + text("b") + text("c") + Array(split.prefix(2)), to: channel)
        try send(Array(split.dropFirst(2)) + text("e"), to: channel)
        try send(serverFrame(0x9, []), to: channel)
        try send(text("f"), to: channel)
        #expect(firsts.withLock { $0 } == ["a:true", "b:false", "c:false", "d:true", "e:false", "f:true"])
    }

    @Test func aMessageInFragmentsIsPutTogetherAroundAPing() throws {
        let (channel, _, received, _) = try start()
        try send(
            text("{\"ty", fin: false) + serverFrame(0x9, Array("hi".utf8)) + text("pe\":1}", continuation: true),
            to: channel)
        #expect(received.all == ["{\"type\":1}"])
        let answers = try written(channel)
        #expect(answers.map(\.opcode) == [0xA])
        #expect(answers.first?.payload == Array("hi".utf8))
    }

    @Test func bytesBeforeTheReaderComeWaitForIt() throws {
        let channel = EmbeddedChannel()
        let handler = FeedSocketHandler(on: channel.embeddedEventLoop, maxMessageSize: 1024, pingInterval: .seconds(30))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        try channel.pipeline.syncOperations.addHandler(handler)
        try send(text("early") + Array(text("later").prefix(3)), to: channel)
        let received = Received()
        _ = handler.startReading { bytes, _ in
            received.messages.withLock { $0.append(String(decoding: bytes, as: UTF8.self)) }
        }
        #expect(received.all == ["early"])
        try send(Array(text("later").dropFirst(3)), to: channel)
        #expect(received.all == ["early", "later"])
    }

    @Test func whatCameBeforeTheSocketClosedIsStillHandedToAReaderThatCameAfter() throws {
        let channel = EmbeddedChannel()
        let handler = FeedSocketHandler(on: channel.embeddedEventLoop, maxMessageSize: 1024, pingInterval: .seconds(30))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        try channel.pipeline.syncOperations.addHandler(handler)
        let why = #"{"error":{"name":"INVALID_AUTH","message":"잘못된 인증"}}"#
        try send(
            text("{\"a\":1}") + serverFrame(0x9, [1]) + text(why) + serverFrame(0x8, [0x03, 0xE8])
                + text("after the close"),
            to: channel)
        try channel.close().wait()
        let received = Received()
        var outcome: Result<Void, any Error>?
        handler.startReading { bytes, _ in
            received.messages.withLock { $0.append(String(decoding: bytes, as: UTF8.self)) }
        }.assumeIsolated().whenComplete { outcome = $0 }
        #expect(received.all == ["{\"a\":1}", why])
        #expect(throws: Never.self) { try outcome?.get() }
        // Handed over once.
        handler.startReading { _, _ in Issue.record("a second reader got the messages again") }.whenComplete { _ in }
    }

    @Test func bytesPastAMessagesWorthBeforeTheReaderFailTheConnection() throws {
        let channel = EmbeddedChannel()
        let handler = FeedSocketHandler(on: channel.embeddedEventLoop, maxMessageSize: 64, pingInterval: .seconds(30))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        try channel.pipeline.syncOperations.addHandler(handler)
        try send(text(String(repeating: "a", count: 70)), to: channel)
        #expect(channel.isActive)
        try send(text("more than enough"), to: channel)
        #expect(try written(channel).map(\.payload) == [[0x03, 0xF1]])  // 1009
        var outcome: Result<Void, any Error>?
        handler.startReading { _, _ in }.assumeIsolated().whenComplete { outcome = $0 }
        #expect(throws: FeedSocketHandler.Failure.self) { try outcome?.get() }
        #expect(!channel.isActive)
    }

    @Test func theServersCloseIsEchoedAndEndsTheReading() throws {
        let (channel, _, received, outcome) = try start()
        try send(text("last") + serverFrame(0x8, [0x03, 0xE9] + Array("bye".utf8)) + text("after"), to: channel)
        #expect(received.all == ["last"])
        let answers = try written(channel)
        #expect(answers.map(\.opcode) == [0x8])
        #expect(answers.first?.payload == [0x03, 0xE9])
        #expect(throws: Never.self) { try outcome()?.get() }
        #expect(outcome() != nil)
        #expect(!channel.isActive)
    }

    @Test(
        arguments: [
            ([0x81, 0x81, 1, 2, 3, 4, 0x41], UInt16(1002), "masked"),
            ([0xC1, 1, 0x41], 1002, "reserved bits"),
            ([0x83, 0], 1002, "reserved opcode 3"),
            ([0x80, 1, 0x41], 1002, "no message begun"),
            ([0x82, 126, 0x10, 0x00], 1009, "larger than 1024"),
        ] as [([UInt8], UInt16, String)])
    func aFrameAServerMayNotSendFailsTheConnection(bytes: [UInt8], code: UInt16, reason: String) throws {
        let (channel, _, received, outcome) = try start(maxMessageSize: 1024)
        try send(text("fine") + bytes + text("never"), to: channel)
        #expect(received.all == ["fine"])
        let answers = try written(channel)
        #expect(answers.map(\.opcode) == [0x8])
        #expect(answers.first?.payload == [UInt8(code >> 8), UInt8(code & 0xFF)])
        #expect(throws: (any Error).self) { try outcome()?.get() }
        let message = outcome().map { result in if case .failure(let error) = result { "\(error)" } else { "" } } ?? ""
        #expect(message.contains(reason), "\(message)")
        #expect(!channel.isActive)
    }

    @Test func aReaderThatThrowsStopsTheReadingWithItsError() throws {
        struct Refused: Error {}
        let (channel, _, _, outcome) = try start(receive: { _, _ in throw Refused() })
        try send(text("one") + text("two"), to: channel)
        #expect(throws: Refused.self) { try outcome()?.get() }
        #expect(try written(channel).map(\.payload) == [[0x03, 0xF3]])  // 1011
    }

    @Test func closingSendsThisSidesCloseAndWaitsForTheServers() throws {
        let (channel, handler, received, outcome) = try start()
        var closed = false
        handler.close().assumeIsolated().whenComplete { _ in closed = true }
        #expect(try written(channel).map(\.payload) == [[0x03, 0xE8]])  // 1000
        #expect(throws: Never.self) { try outcome()?.get() }
        #expect(!closed)
        try send(text("late") + serverFrame(0x8, [0x03, 0xE8]), to: channel)
        channel.embeddedEventLoop.run()
        #expect(received.all.isEmpty)
        #expect(closed)
        #expect(try written(channel).isEmpty)
    }

    @Test func aServerThatNeverAnswersTheCloseIsLeftAfterTheTimeout() throws {
        let (channel, handler, _, _) = try start()
        var closed = false
        handler.close().assumeIsolated().whenComplete { _ in closed = true }
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1999))
        #expect(!closed)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        #expect(closed)
    }

    @Test func aPingGoesOutEachIntervalAndASilentServerIsGivenUp() throws {
        let (channel, _, received, outcome) = try start()
        channel.embeddedEventLoop.advanceTime(by: .seconds(30))
        #expect(try written(channel).map(\.opcode) == [0x9])
        try send(serverFrame(0xA, Array("sise".utf8)) + text("tick"), to: channel)
        channel.embeddedEventLoop.advanceTime(by: .seconds(30))
        #expect(try written(channel).map(\.opcode) == [0x9])
        #expect(outcome() == nil)
        channel.embeddedEventLoop.advanceTime(by: .seconds(30))
        #expect(try written(channel).map(\.payload) == [[0x03, 0xE9]])  // 1001
        #expect(throws: (any Error).self) { try outcome()?.get() }
        #expect(received.all == ["tick"])
    }

    @Test func stoppingTheReaderEndsTheReadingWithCancellation() throws {
        let (channel, handler, received, outcome) = try start()
        handler.stopReading()
        #expect(throws: CancellationError.self) { try outcome()?.get() }
        try send(text("after"), to: channel)
        #expect(received.all.isEmpty)
    }

    /// Counts the reads asked of the socket below the feed's handler.
    private final class ReadCounter: ChannelOutboundHandler {
        typealias OutboundIn = ByteBuffer
        var reads = 0

        func read(context: ChannelHandlerContext) {
            reads += 1
            context.read()
        }
    }

    @Test func pacedReadsAskTheSocketAtMostOnceAnIntervalAndAtOnceAfterAQuietOne() throws {
        let channel = EmbeddedChannel()
        let counter = ReadCounter()
        let handler = FeedSocketHandler(
            on: channel.embeddedEventLoop, maxMessageSize: 1024, pingInterval: .seconds(30),
            readPacing: .milliseconds(50))
        try channel.pipeline.syncOperations.addHandler(counter)
        try channel.pipeline.syncOperations.addHandler(handler)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        let start = counter.reads
        channel.read()
        #expect(counter.reads == start + 1)
        // Asked again at once: the read waits for the interval, and asking more adds none.
        channel.read()
        channel.read()
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(49))
        #expect(counter.reads == start + 1)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        #expect(counter.reads == start + 2)
        // After a quiet spell the next read goes at once.
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        channel.read()
        #expect(counter.reads == start + 3)
    }

    @Test func unpacedReadsGoAtOnce() throws {
        let channel = EmbeddedChannel()
        let counter = ReadCounter()
        try channel.pipeline.syncOperations.addHandler(counter)
        try channel.pipeline.syncOperations.addHandler(
            FeedSocketHandler(on: channel.embeddedEventLoop, maxMessageSize: 1024, pingInterval: .seconds(30)))
        let start = counter.reads
        for _ in 0..<5 { channel.read() }
        #expect(counter.reads == start + 5)
    }
}
