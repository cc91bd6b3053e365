import Foundation
import Glibc
import Synchronization
import WebSocketFrames

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

    /// Connects to `url` (`ws://host:port/path`), upgrades and sends `message` as one text frame.
    init(url: URL, message: String) throws {
        let (descriptor, leftover) = try RawWebSocket.open(url, what: "--frames-only")
        do {
            try RawWebSocket.send(RawWebSocket.maskedTextFrame(Array(message.utf8)), on: descriptor)
        } catch {
            close(descriptor)
            throw error
        }
        socket = descriptor
        self.leftover = leftover
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
            guard header.count >= 2, header.count == header.withUnsafeBytes(WebSocketFrameHeader.bytesNeeded) else {
                continue
            }
            // A frame no server may send ends the count as a close does.
            guard
                let frame = header.withUnsafeBytes({
                    try? WebSocketFrameHeader.read($0, from: .server, maxPayload: Int.max)
                })
            else {
                sawClose = true
                return frames
            }
            switch frame.opcode {
            case .text, .binary: frames += 1
            case .close: sawClose = true
            default: break
            }
            skip = frame.payloadLength
            header.removeAll(keepingCapacity: true)
        }
        return frames
    }
}
