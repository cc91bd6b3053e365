import Foundation
import Glibc
import NIOCore
import WebSocketFrames

/// What the benchmarks' bare WebSocket clients share: a blocking socket connected and upgraded
/// (RFC 6455 §4, nothing more), and client frames masked as §5.3 requires. The clients read the
/// server's frames themselves, at next to no cost, so that a benchmark measures the server.
enum RawWebSocket {
    /// A failure to connect or to upgrade, said plainly.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Connects to `url` (`ws://host:port/path`) and upgrades; returns the socket and the bytes
    /// read past the handshake's answer (already the server's frames).
    static func open(_ url: URL, what: String) throws -> (socket: Int32, leftover: [UInt8]) {
        guard url.scheme == "ws", let host = url.host, !host.isEmpty else {
            throw Failure(description: "\(what) reads plain ws:// URLs only, not \(url.absoluteString)")
        }
        let port = url.port ?? 80
        let descriptor = try connect(host: host, port: port)
        do {
            let path = url.path.isEmpty ? "/" : url.path
            let request =
                "GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: c2lzZS1mcmFtZS1jb3VudA==\r\nSec-WebSocket-Version: 13\r\n\r\n"
            try send(Array(request.utf8), on: descriptor)
            return (descriptor, try readHandshake(on: descriptor))
        } catch {
            close(descriptor)
            throw error
        }
    }

    /// Writes all of `bytes`. A peer that has gone (or a socket this side shut down) is a thrown
    /// failure, never SIGPIPE: a benchmark's process ignores no signal, and a pong written to a tab
    /// just shut down once ended `sise bench serve` before it stopped its `sise serve` child, which
    /// ran on orphaned.
    static func send(_ bytes: [UInt8], on socket: Int32) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { throw Failure(description: "the connection closed while sending") }
            sent += count
        }
    }

    /// A final text frame as a client must send it: masked (RFC 6455 §5.3).
    static func maskedTextFrame(_ payload: [UInt8]) -> [UInt8] {
        Array(MaskedClientFrame.make(.text, payload: payload).readableBytesView)
    }

    /// The pong that answers a ping with `payload`, masked as a client's (RFC 6455 §5.5.3).
    static func maskedPongFrame(_ payload: some Collection<UInt8>) -> [UInt8] {
        Array(MaskedClientFrame.make(.pong, payload: payload).readableBytesView)
    }

    private static func connect(host: String, port: Int) throws -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else {
            throw Failure(description: "cannot resolve \(host)")
        }
        defer { freeaddrinfo(first) }
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let candidate = entry {
            let descriptor = Glibc.socket(candidate.pointee.ai_family, candidate.pointee.ai_socktype, 0)
            if descriptor >= 0 {
                if Glibc.connect(descriptor, candidate.pointee.ai_addr, candidate.pointee.ai_addrlen) == 0 {
                    return descriptor
                }
                close(descriptor)
            }
            entry = candidate.pointee.ai_next
        }
        throw Failure(description: "cannot connect to \(host):\(port)")
    }

    /// Reads the handshake's answer; returns the bytes after it. Throws unless it is `101`.
    private static func readHandshake(on socket: Int32) throws -> [UInt8] {
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        while answer.count < 65_536 {
            let count = chunk.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
            guard count > 0 else { throw Failure(description: "the server closed the connection during the upgrade") }
            answer += chunk[0..<count]
            guard let headEnd = answer.firstRange(of: end) else { continue }
            let head = String(decoding: answer[..<headEnd.lowerBound], as: UTF8.self)
            guard head.hasPrefix("HTTP/1.1 101") else {
                let status = head.split(separator: "\r\n").first.map(String.init) ?? head
                throw Failure(description: "the server refused the WebSocket upgrade: \(status)")
            }
            return Array(answer[headEnd.upperBound...])
        }
        throw Failure(description: "the server's upgrade answer has no end")
    }
}
