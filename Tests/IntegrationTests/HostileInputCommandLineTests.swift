import Foundation
import NIOCore
import NIOPosix
import Testing

/// Hostile input from the two ends a command reads (issue 26, items 5 and 11): a server's trades
/// of impossible values, and an argument with escape bytes.
@Suite(.timeLimit(.minutes(5))) struct HostileInputCommandLineTests {
    /// One trade of the docs' shape (최근 체결 내역) with these values.
    private static func trade(price: String, size: String, timestamp: Int64, id: Int64) -> String {
        #"{"market":"KRW-BTC","trade_date_utc":"2025-11-24","trade_time_utc":"10:19:58","timestamp":\#(timestamp),"#
            + #""trade_price":\#(price),"trade_volume":\#(size),"prev_closing_price":8450000,"change_price":166000,"#
            + #""ask_bid":"ASK","sequential_id":\#(id)}"#
    }

    @Test(arguments: ["table", "ndjson"])
    func impossibleTradesAreNeverPrinted(format: String) async throws {
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let rows = [
            Self.trade(price: "8616000", size: "0.5", timestamp: now - 1_000, id: 7),
            Self.trade(price: "-5000", size: "0.5", timestamp: now - 2_000, id: 6),
            Self.trade(price: "1e308", size: "0.5", timestamp: now - 3_000, id: 5),
            Self.trade(price: "8616000", size: "-3", timestamp: now - 4_000, id: 4),
            Self.trade(price: "8616000", size: "0", timestamp: now - 5_000, id: 3),
            Self.trade(price: "8616000", size: "0.5", timestamp: now + 317 * 365 * 86_400_000, id: 2),
            Self.trade(price: "8615000", size: "1.5", timestamp: now - 7_000, id: 1),
        ]
        let server = try await CannedJSONServer.start(body: "[" + rows.joined(separator: ",") + "]")
        defer { server.stop() }
        let result = try await SiseProcess.run([
            "trades", "KRW-BTC", "--base-url", "http://127.0.0.1:\(server.port)", "--format", format,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let output = result.stdout
        for impossible in ["-5,000", "-5000", "1e+308", "inf", "-8,", "-8."] {
            #expect(!output.contains(impossible), "\(impossible) in \(output)")
        }
        if format == "ndjson" {
            #expect(result.lines.count == 2, "\(output)")
        } else {
            #expect(output.split(separator: "\n").count { $0.contains("8,61") } == 2, "\(output)")
        }
    }

    @Test func escapeBytesInAnArgumentAreNotEchoed() async throws {
        let result = try await SiseProcess.run(["orderbook", "\u{1B}]0;T\u{07}"])
        #expect(result.status == 64)
        #expect(!result.stderr.isEmpty)
        #expect(
            !result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" },
            "\(result.stderr.debugDescription)")
        #expect(!result.stderr.contains("\u{1B}"))
    }
}

/// An HTTP server on loopback that answers every request with the same JSON body.
final class CannedJSONServer: Sendable {
    let port: Int
    private let channel: any Channel

    private init(port: Int, channel: any Channel) {
        self.port = port
        self.channel = channel
    }

    static func start(body: String) async throws -> CannedJSONServer {
        let answer =
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
            + "Connection: close\r\n\r\n" + body
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { child in
                child.pipeline.addHandler(Answer(answer: answer))
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return CannedJSONServer(port: channel.localAddress?.port ?? 0, channel: channel)
    }

    func stop() {
        channel.close(promise: nil)
    }

    /// Answers once the request head is in, then closes.
    private final class Answer: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer
        let answer: String

        init(answer: String) { self.answer = answer }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let bytes = unwrapInboundIn(data)
            guard String(buffer: bytes).contains("\r\n\r\n") else { return }
            context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(string: answer)))
                .whenComplete { _ in context.close(promise: nil) }
        }
    }
}
