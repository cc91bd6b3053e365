import Foundation
import Glibc
import Synchronization

/// A bare WebSocket client that counts a server's data frames by their headers and never reads
/// their payloads: `sise bench ingest --frames-only` measures what a server sends, so its reader
/// must cost next to nothing (a blocking socket read of 256 KiB at a time on its own thread).
///
/// It speaks only what that needs of RFC 6455: the opening handshake, one masked text frame
/// (the subscription), and the framing of what comes back.
final class WebSocketFrameCounter: Sendable {
    /// Data frames (text or binary) read so far.
    var frames: Int { counted.load(ordering: .relaxed) }
    /// Whether the server closed the connection (or the socket failed).
    var isClosed: Bool { closed.load(ordering: .relaxed) }

    private let socket: Int32
    private let counted = Atomic<Int>(0)
    private let closed = Atomic<Bool>(false)

    /// A failure to connect or to upgrade, said plainly.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Connects to `url` (`ws://host:port/path`), upgrades and sends `message` as one text frame.
    init(url: URL, message: String) throws {
        guard url.scheme == "ws", let host = url.host, !host.isEmpty else {
            throw Failure(description: "--frames-only reads plain ws:// URLs only, not \(url.absoluteString)")
        }
        let port = url.port ?? 80
        let descriptor = try Self.connect(host: host, port: port)
        do {
            let path = url.path.isEmpty ? "/" : url.path
            let request =
                "GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: c2lzZS1mcmFtZS1jb3VudGVy\r\nSec-WebSocket-Version: 13\r\n\r\n"
            try Self.send(Array(request.utf8), on: descriptor)
            leftover = try Self.readHandshake(on: descriptor)
            try Self.send(Self.maskedTextFrame(Array(message.utf8)), on: descriptor)
        } catch {
            close(descriptor)
            throw error
        }
        socket = descriptor
    }

    /// Bytes read with the handshake's answer that already belong to the frames.
    private let leftover: [UInt8]

    /// Reads and counts on a thread of its own until the connection closes or ``stop()``.
    func start() {
        let thread = Thread { [self] in readFrames() }
        thread.name = "sise frame counter"
        thread.start()
    }

    /// Closes the connection; the reading thread ends at its next read.
    func stop() {
        shutdown(socket, Int32(SHUT_RDWR))
    }

    deinit {
        close(socket)
    }

    private func readFrames() {
        var parser = FrameHeaderParser()
        counted.add(parser.consume(leftover), ordering: .relaxed)
        var buffer = [UInt8](repeating: 0, count: 1 << 18)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            let frames = buffer.withUnsafeBufferPointer { parser.consume($0[0..<count]) }
            counted.add(frames, ordering: .relaxed)
            if parser.sawClose { break }
        }
        closed.store(true, ordering: .relaxed)
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

    private static func send(_ bytes: [UInt8], on socket: Int32) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { write(socket, $0.baseAddress! + sent, bytes.count - sent) }
            guard count > 0 else { throw Failure(description: "the connection closed while sending") }
            sent += count
        }
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

    /// A final text frame as a client must send it: masked (RFC 6455 §5.3).
    private static func maskedTextFrame(_ payload: [UInt8]) -> [UInt8] {
        var frame: [UInt8] = [0x81]
        switch payload.count {
        case 0..<126: frame.append(0x80 | UInt8(payload.count))
        case 126...0xFFFF: frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default:
            frame.append(0x80 | 127)
            frame += (0..<8).reversed().map { UInt8(truncatingIfNeeded: UInt64(payload.count) >> ($0 * 8)) }
        }
        let mask: [UInt8] = (0..<4).map { _ in UInt8.random(in: 0...255) }
        frame += mask
        frame += payload.enumerated().map { $1 ^ mask[$0 & 3] }
        return frame
    }
}

/// Follows a stream of server frames by their headers, skipping payloads, across reads.
struct FrameHeaderParser {
    /// Payload bytes of the current frame still to skip.
    private var skip = 0
    /// The current frame's header, while it is split across reads.
    private var header: [UInt8] = []
    /// Whether a close frame came.
    private(set) var sawClose = false

    /// Reads `bytes`; returns how many data frames (text, binary) began in them.
    mutating func consume(_ bytes: some Collection<UInt8>) -> Int {
        var frames = 0
        var index = bytes.startIndex
        while index != bytes.endIndex {
            if skip > 0 {
                let take = min(skip, bytes.distance(from: index, to: bytes.endIndex))
                skip -= take
                index = bytes.index(index, offsetBy: take)
                continue
            }
            header.append(bytes[index])
            index = bytes.index(after: index)
            guard header.count >= 2 else { continue }
            let short = Int(header[1] & 0x7F)
            let lengthBytes = short == 126 ? 2 : short == 127 ? 8 : 0
            let needed = 2 + lengthBytes + (header[1] & 0x80 != 0 ? 4 : 0)
            guard header.count == needed else { continue }
            var length = short
            if lengthBytes > 0 {
                length = header[2..<(2 + lengthBytes)].reduce(0) { $0 << 8 | Int($1) }
            }
            switch header[0] & 0x0F {
            case 0x1, 0x2: frames += 1
            case 0x8: sawClose = true
            default: break
            }
            skip = length
            header.removeAll(keepingCapacity: true)
        }
        return frames
    }
}
