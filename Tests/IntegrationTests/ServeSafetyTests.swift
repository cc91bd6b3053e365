import Foundation
import Logging
import NIOWebSocket
import Synchronization
import TestSupport
import Testing
import WSClient

/// `sise serve` against the faults campaign's attacks (issue 26, items 1 and 2), as a process:
/// a flood of idle, half-sent and malformed connections under a low descriptor limit, and a
/// DNS-rebound page.
@Suite(.timeLimit(.minutes(5)), .serialized) struct ServeSafetyTests {
    static var quietLogger: Logger {
        var logger = Logger(label: "test.serve-safety")
        logger.logLevel = .critical
        return logger
    }

    /// Starts `sise serve --port 0` (under `ulimit -n descriptorLimit` when given) and waits for
    /// the address it prints.
    func startServe(descriptorLimit: Int? = nil) async throws -> (SiseProcess, Int) {
        let database = TestScratch.folder
            .appendingPathComponent("sise-serve-\(UUID().uuidString).sqlite").path
        let arguments = ["serve", "--port", "0", "--db", database]
        let process: SiseProcess
        if let descriptorLimit {
            process = try SiseProcess(
                ["-c", "ulimit -n \(descriptorLimit) && exec \"$0\" \"$@\"", SiseProcess.executable.path] + arguments,
                executableURL: URL(fileURLWithPath: "/bin/sh"))
        } else {
            process = try SiseProcess(arguments)
        }
        let port = try await withDeadline(seconds: 90, "sise serve to print its address") {
            while true {
                if let match = process.stdoutSoFar.firstMatch(of: /127\.0\.0\.1:(\d+)\//), let port = Int(match.1) {
                    return port
                }
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        return (process, port)
    }

    /// The status line of the server's answer to `request` (sent whole on a new connection), or
    /// `nil` when the connection closed without one.
    private func statusLine(port: Int, _ request: String) async throws -> String? {
        try await withDeadline(seconds: 30, "an answer to \(request.prefix(30))") {
            let socket = try RawSocket(port: port)
            defer { socket.close() }
            try socket.send(request)
            return try socket.readLine()
        }
    }

    @Test func aFloodOfIdleHalfSentAndMalformedConnectionsLeavesTheServerAnswering() async throws {
        let (server, port) = try await startServe(descriptorLimit: 512)
        defer { server.process.terminate() }
        // Busy tabs that watch the board meanwhile.
        let tabMessages = MessageCount()
        let tabs = Task {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<10 {
                    group.addTask {
                        _ = try? await WebSocketClient.connect(
                            url: "ws://127.0.0.1:\(port)/ws", logger: Self.quietLogger
                        ) { inbound, _, _ in
                            for try await _ in inbound.messages(maxSize: 1 << 22) {
                                tabMessages.add()
                            }
                        }
                    }
                }
            }
        }
        defer { tabs.cancel() }
        // 600 connections: a third send nothing, a third half a request head, a third a head
        // that is not HTTP; all stay open from this side.
        var flood: [RawSocket] = []
        defer { for socket in flood { socket.close() } }
        for index in 0..<600 {
            guard let socket = try? RawSocket(port: port) else { continue }
            switch index % 3 {
            case 1: try? socket.send("GET / HTTP/1.1\r\nHost: 127.0.0.1")
            case 2: try? socket.send("NOT HTTP AT ALL\r\n\r\n")
            default: break
            }
            flood.append(socket)
        }
        // The server is alive and a fresh page loads: the page, and a tab's hello.
        #expect(server.process.isRunning)
        let page = try await statusLine(port: port, "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        #expect(page == "HTTP/1.1 200 OK")
        let hello = try await withDeadline(seconds: 30, "a new tab's hello after the flood") {
            try await WebSocketClient.connect(url: "ws://127.0.0.1:\(port)/ws", logger: Self.quietLogger) {
                inbound, outbound, _ in
                for try await message in inbound.messages(maxSize: 1 << 22) {
                    if case .text(let text) = message, text.contains(#""type":"hello""#) {
                        try await outbound.close(.normalClosure, reason: nil)
                        return
                    }
                }
            }
        }
        _ = hello
        // A malformed request is answered 400, not left hanging.
        let malformed = try await statusLine(port: port, "NOT HTTP AT ALL\r\n\r\n")
        #expect(malformed == "HTTP/1.1 400 Bad Request")
        // The busy tabs are still served.
        let before = tabMessages.value
        try await withDeadline(seconds: 30, "the watching tabs to get more patches") {
            while tabMessages.value <= before + 10 { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(server.process.isRunning)
    }

    @Test func aRebindingPageIsRefusedOnEveryRouteAndTheServersOwnNamesAreLetIn() async throws {
        let (server, port) = try await startServe()
        defer { server.process.terminate() }
        func upgrade(_ path: String, host: String, origin: String) -> String {
            "GET \(path) HTTP/1.1\r\nHost: \(host)\r\nOrigin: \(origin)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        }
        let foreign = "attacker.example:\(port)"
        #expect(
            try await statusLine(port: port, "GET / HTTP/1.1\r\nHost: \(foreign)\r\n\r\n")
                == "HTTP/1.1 421 Misdirected Request")
        #expect(
            try await statusLine(port: port, "GET /app.js HTTP/1.1\r\nHost: \(foreign)\r\n\r\n")
                == "HTTP/1.1 421 Misdirected Request")
        for path in ["/ws", "/ws/repo-search", "/ws/numbers"] {
            let refused = try await statusLine(port: port, upgrade(path, host: foreign, origin: "http://\(foreign)"))
            #expect(refused != "HTTP/1.1 101 Switching Protocols", "\(path)")
            // Our own host with a rebound page's origin is refused too.
            let crossSite = try await statusLine(
                port: port, upgrade(path, host: "127.0.0.1:\(port)", origin: "http://\(foreign)"))
            #expect(crossSite != "HTTP/1.1 101 Switching Protocols", "\(path)")
        }
        for name in ["127.0.0.1:\(port)", "localhost:\(port)"] {
            #expect(try await statusLine(port: port, "GET / HTTP/1.1\r\nHost: \(name)\r\n\r\n") == "HTTP/1.1 200 OK")
            let own = try await statusLine(port: port, upgrade("/ws", host: name, origin: "http://\(name)"))
            #expect(own == "HTTP/1.1 101 Switching Protocols", "\(name)")
        }
    }

    /// A connection that never finishes its request head is answered 408 and closed after the
    /// head timeout (10 s), not held for good.
    @Test func aHalfSentHeadIsAnswered408AfterTheHeadTimeout() async throws {
        let (server, port) = try await startServe()
        defer { server.process.terminate() }
        let started = ContinuousClock.now
        let answer = try await withDeadline(seconds: 40, "the 408") {
            let socket = try RawSocket(port: port)
            defer { socket.close() }
            try socket.send("GET / HTTP/1.1\r\nHost: 127.0.0.1")
            return try socket.readLine()
        }
        #expect(answer == "HTTP/1.1 408 Request Timeout")
        #expect(ContinuousClock.now - started >= .seconds(9))
    }

    @Test func aBadHostIsAUsageErrorAndAPortInUseIsNamed() async throws {
        let bad = try await SiseProcess.run(["serve", "--host", "a b", "--port", "0"])
        #expect(bad.status == 64)
        #expect(!bad.stderr.contains("warning"))
        #expect(!bad.stderr.contains("SocketAddressError"))
        #expect(bad.stderr.contains("--host"))

        let (server, port) = try await startServe()
        defer { server.process.terminate() }
        let second = try await SiseProcess.run([
            "serve", "--port", "\(port)", "--db", "/tmp/sise-second-\(port).sqlite",
        ])
        #expect(second.status != 0)
        #expect(second.stderr.contains("port \(port)"), "\(second.stderr)")
        #expect(second.stderr.split(separator: "\n").count == 1, "\(second.stderr)")
    }
}

/// Messages counted across tasks.
final class MessageCount: Sendable {
    private let count = Atomic<Int>(0)
    func add() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}

/// A blocking TCP socket on loopback, for requests a client library would not send.
final class RawSocket: Sendable {
    private let descriptor: Int32

    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(reason: "socket: \(errno)") }
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            Foundation.close(descriptor)
            throw Failure(reason: "connect: \(errno)")
        }
    }

    struct Failure: Error {
        let reason: String
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        guard Foundation.send(descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else {
            throw Failure(reason: "send: \(errno)")
        }
    }

    /// The first line the server sends, without its line break; `nil` when it closes first.
    func readLine() throws -> String? {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let read = recv(descriptor, &byte, 1, 0)
            if read == 0 { return line.isEmpty ? nil : String(decoding: line, as: UTF8.self) }
            guard read == 1 else { throw Failure(reason: "recv: \(errno)") }
            if byte == UInt8(ascii: "\n") { break }
            if byte != UInt8(ascii: "\r") { line.append(byte) }
        }
        return String(decoding: line, as: UTF8.self)
    }

    func close() {
        Foundation.close(descriptor)
    }
}
