import NIOCore
import NIOPosix

/// One TCP connection that sends HTTP/1.1 requests as raw bytes, one after another, and reads
/// each answer whole (by its `Content-Length`) before the next: how a browser-like client reuses
/// a kept-alive connection, with whatever headers it chooses to send.
struct KeepAliveConnection {
    /// One answer: its status and its body.
    struct Answer: Sendable {
        let status: Int
        let body: [UInt8]
    }

    enum Failure: Error, CustomStringConvertible {
        case closed(afterAnswers: Int)
        case unreadable(String)

        var description: String {
            switch self {
            case .closed(let count): "the server closed the connection after \(count) answer(s)"
            case .unreadable(let head): "unreadable answer: \(head)"
            }
        }
    }

    /// Connects to `port` on loopback, sends each request in turn on that one connection, and
    /// returns the answers in order; fails when the server closes the connection first.
    static func exchange(port: Int, requests: [String]) async throws -> [Answer] {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            var iterator = inbound.makeAsyncIterator()
            var pending: [UInt8] = []
            var answers: [Answer] = []
            for request in requests {
                try await outbound.write(ByteBuffer(string: request))
                while true {
                    if let (answer, used) = try parse(pending) {
                        answers.append(answer)
                        pending.removeFirst(used)
                        break
                    }
                    guard let more = try await iterator.next() else {
                        throw Failure.closed(afterAnswers: answers.count)
                    }
                    pending += Array(more.readableBytesView)
                }
            }
            return answers
        }
    }

    /// The first whole answer in `bytes` and how many bytes it took; `nil` while incomplete.
    private static func parse(_ bytes: [UInt8]) throws -> (Answer, Int)? {
        let separator = Array("\r\n\r\n".utf8)
        guard bytes.count >= 4,
            let end = (0...(bytes.count - 4)).first(where: { Array(bytes[$0..<$0 + 4]) == separator })
        else { return nil }
        let head = String(decoding: bytes[..<end], as: UTF8.self)
        let lines = head.split(separator: "\r\n")
        let statusParts = lines.first?.split(separator: " ") ?? []
        guard statusParts.count >= 2, statusParts[0] == "HTTP/1.1", let status = Int(statusParts[1]) else {
            throw Failure.unreadable(head)
        }
        let length = lines.dropFirst().compactMap { line -> Int? in
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
            return Int(parts[1].trimmingPrefix(" "))
        }.first
        guard let length else { throw Failure.unreadable("no Content-Length: \(head)") }
        let bodyStart = end + 4
        guard bytes.count >= bodyStart + length else { return nil }
        return (Answer(status: status, body: Array(bytes[bodyStart..<bodyStart + length])), bodyStart + length)
    }
}
