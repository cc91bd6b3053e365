import Foundation
import Glibc
import Synchronization
import WebSocketFrames

/// Many bare browser tabs on `sise serve`'s `/ws`, all read on one thread with poll(2), for
/// `sise bench serve`: each tab's messages and bytes counted, and each patch's number checked
/// against the message before (a gap is a patch that does not follow on). Each tab tells the
/// server how many rows it shows, as the page does; the first `acting` tabs then act as a person
/// would (``actions(ofTab:)``), which gives each of them a view model of its own. Each tab answers
/// the server's pings, as a browser does, so a window of any length keeps every tab open.
final class DashboardViewers: Sendable {
    /// What every tab has read so far, summed.
    typealias Totals = DashboardMessageReader.Counts

    private let sockets: [Int32]
    private let leftovers: [[UInt8]]
    private let totals = Mutex(Totals())
    private let stopped = Atomic<Bool>(false)

    /// Opens `count` tabs on `url` (`ws://127.0.0.1:PORT/ws`), each telling the server it shows
    /// `rows` rows; the first `acting` of them act.
    init(count: Int, url: URL, rows: Int, acting: Int = 0) throws {
        var sockets: [Int32] = []
        var leftovers: [[UInt8]] = []
        let input = Array(#"{"input":{"board":{"viewportResized":{"rows":\#(rows)}}}}"#.utf8)
        do {
            for _ in 0..<count {
                let (socket, leftover) = try RawWebSocket.open(url, what: "bench serve")
                sockets.append(socket)
                leftovers.append(leftover)
                try RawWebSocket.send(RawWebSocket.maskedTextFrame(input), on: socket)
                guard sockets.count <= acting else { continue }
                for action in Self.actions(ofTab: sockets.count - 1) {
                    try RawWebSocket.send(RawWebSocket.maskedTextFrame(Array(action.utf8)), on: socket)
                }
            }
        } catch {
            for socket in sockets { close(socket) }
            throw error
        }
        self.sockets = sockets
        self.leftovers = leftovers
    }

    /// What an acting tab does, by its number: a third search, a third sort by the day's change,
    /// a third open a coin's detail (its book, trades and chart), each coin of five in turn.
    static func actions(ofTab index: Int) -> [String] {
        let coins = ["KRW-BTC", "KRW-ETH", "KRW-XRP", "KRW-SOL", "KRW-DOGE"]
        switch index % 3 {
        case 0: return [#"{"input":{"board":{"searchTextChanged":{"text":"B"}}}}"#]
        case 1: return [#"{"input":{"board":{"sortKeyChosen":{"key":"change"}}}}"#]
        default:
            let coin = coins[index / 3 % coins.count]
            return [
                #"{"input":{"board":{"marketChosen":{"market":"\#(coin)"}}}}"#,
                #"{"input":{"board":{"detailOpened":{}}}}"#,
            ]
        }
    }

    /// What the tabs have read so far.
    var soFar: Totals { totals.withLock { $0 } }

    /// Reads every tab on a thread of its own until ``stop()``.
    func start() {
        let thread = Thread { [self] in readAll() }
        thread.name = "sise dashboard viewers"
        thread.start()
    }

    /// Ends the reading; the connections close.
    func stop() {
        stopped.store(true, ordering: .relaxed)
        for socket in sockets { shutdown(socket, Int32(SHUT_RDWR)) }
    }

    deinit {
        for socket in sockets { close(socket) }
    }

    private func readAll() {
        var readers = leftovers.map { _ in DashboardMessageReader() }
        var polls = sockets.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        var isOpen = [Bool](repeating: true, count: sockets.count)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        for index in leftovers.indices {
            let found = readers[index].consume(leftovers[index])
            totals.withLock { $0.merge(found) }
        }
        while !stopped.load(ordering: .relaxed) {
            guard poll(&polls, nfds_t(polls.count), 100) > 0 else { continue }
            var found = DashboardMessageReader.Counts()
            for index in polls.indices where isOpen[index] && polls[index].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(sockets[index], $0.baseAddress, $0.count) }
                guard count > 0 else {
                    isOpen[index] = false
                    polls[index].fd = -1
                    found.closed += 1
                    continue
                }
                found.merge(buffer.withUnsafeBufferPointer { readers[index].consume($0[0..<count]) })
                // A tab answers the server's pings, as a browser does, or the server closes it.
                for ping in readers[index].takePings() {
                    try? RawWebSocket.send(RawWebSocket.maskedPongFrame(ping), on: sockets[index])
                }
            }
            totals.withLock { $0.merge(found) }
        }
    }
}

/// One tab's server frames, read across reads: whole text messages, and for each its kind and
/// number (the server writes its keys sorted, so `"seq":N,"type":"…"}` ends every numbered one).
struct DashboardMessageReader {
    /// What reads turned up: one read's, or every tab's summed.
    struct Counts: Sendable, Equatable {
        var messages = 0
        var bytes = 0
        var snapshots = 0
        var patches = 0
        var gaps = 0
        /// Tabs that have had their first snapshot.
        var firstSnapshots = 0
        /// Tabs whose connection closed.
        var closed = 0

        mutating func merge(_ other: Counts) {
            messages += other.messages
            bytes += other.bytes
            snapshots += other.snapshots
            patches += other.patches
            gaps += other.gaps
            firstSnapshots += other.firstSnapshots
            closed += other.closed
        }
    }

    private var pending: [UInt8] = []
    private var lastSequence: Int?
    /// The payloads of the pings read and not yet answered.
    private var pings: [[UInt8]] = []

    /// The payloads of the pings read since the last call, each to be answered with a pong.
    mutating func takePings() -> [[UInt8]] {
        defer { pings.removeAll() }
        return pings
    }

    /// Reads `bytes`; returns the messages they completed.
    mutating func consume(_ bytes: some Collection<UInt8>) -> Counts {
        pending.append(contentsOf: bytes)
        var found = Counts()
        var start = 0
        while let (opcode, payload, end) = Self.frame(in: pending, at: start) {
            start = end
            if opcode == 0x9 { pings.append(Array(pending[payload])) }
            guard opcode == 0x1 || opcode == 0x2 else { continue }
            found.messages += 1
            found.bytes += payload.count
            note(pending[payload], into: &found)
        }
        pending.removeFirst(start)
        return found
    }

    private mutating func note(_ message: ArraySlice<UInt8>, into found: inout Counts) {
        let tail = String(decoding: message.suffix(48), as: UTF8.self)
        guard let sequence = Self.sequence(in: tail) else { return }
        if tail.hasSuffix(#""type":"snapshot"}"#) {
            found.snapshots += 1
            if lastSequence == nil { found.firstSnapshots += 1 }
        } else if tail.hasSuffix(#""type":"patch"}"#) {
            found.patches += 1
            if let last = lastSequence, sequence != last + 1 { found.gaps += 1 }
        } else {
            return
        }
        lastSequence = sequence
    }

    /// The number after the last `"seq":` in `text`.
    private static func sequence(in text: String) -> Int? {
        guard let marker = text.range(of: #""seq":"#, options: .backwards) else { return nil }
        return Int(text[marker.upperBound...].prefix { $0.isASCII && $0.isNumber })
    }

    /// The frame at `start` when it is whole: its opcode, its payload's range, where it ends.
    private static func frame(in bytes: [UInt8], at start: Int) -> (UInt8, Range<Int>, Int)? {
        let header = bytes.withUnsafeBytes { all in
            try? WebSocketFrameHeader.read(
                UnsafeRawBufferPointer(rebasing: all[start...]), from: .server, maxPayload: Int.max)
        }
        guard let header, bytes.count - start >= header.frameLength else { return nil }
        let payload = (start + header.length)..<(start + header.frameLength)
        return (header.opcode.rawValue, payload, payload.upperBound)
    }
}
