import NIOCore

/// The first handler of every connection of `sise serve`, on its raw bytes: the first request
/// must arrive whole and be answered within ``ServerLimits/headTimeout`` of connecting, or the
/// connection is answered 408 and closed (a connection that sends nothing, or half a head, is not
/// held for good); a request line or header line that is not HTTP is answered 400 at once, a head
/// over ``ServerLimits/maximumHeadSize`` 431. Once the first request is answered (a page, an
/// asset, a WebSocket's 101), the bytes only pass through: later idleness is Hummingbird's
/// `idleTimeout` (HTTP) or the WebSocket's ping (tabs).
final class RequestHeadGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// Sent down a connection's pipeline to close it for a newcomer (past the connection cap).
    struct Evict: Sendable {}

    private enum Phase {
        /// Reading the first request's head.
        case readingHead
        /// The head is read; its answer has not begun.
        case awaitingAnswer
        /// Answered: bytes pass through.
        case passing
        /// Refused and closing: nothing more is read.
        case refused
    }

    private let limits: ServerLimits
    private let connections: OpenConnections
    private var phase = Phase.readingHead
    private var headSize = 0
    private var line: [UInt8] = []
    private var linesRead = 0
    private var deadline: Scheduled<Void>?

    init(limits: ServerLimits, connections: OpenConnections) {
        self.limits = limits
        self.connections = connections
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { armDeadline(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        armDeadline(context)
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        context.fireChannelInactive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is Evict {
            refuse(context, status: "503 Service Unavailable", reason: "too many connections; this one sent nothing")
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch phase {
        case .passing, .awaitingAnswer:
            context.fireChannelRead(data)
            return
        case .refused:
            return
        case .readingHead:
            break
        }
        let buffer = unwrapInboundIn(data)
        for byte in buffer.readableBytesView {
            headSize += 1
            guard headSize <= limits.maximumHeadSize else {
                refuse(context, status: "431 Request Header Fields Too Large", reason: "the request head is too long")
                return
            }
            guard byte == UInt8(ascii: "\n") else {
                line.append(byte)
                continue
            }
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            defer { line.removeAll(keepingCapacity: true) }
            if line.isEmpty {
                // Empty lines before the request line are allowed (RFC 9112 §2.2); after it, one ends the head.
                if linesRead == 0 { continue }
                phase = .awaitingAnswer
                connections.headArrived(context.channel)
                context.fireChannelRead(data)
                return
            }
            let wellFormed = linesRead == 0 ? Self.isRequestLine(line) : Self.isHeaderLine(line)
            guard wellFormed else {
                refuse(context, status: "400 Bad Request", reason: "not an HTTP request")
                return
            }
            linesRead += 1
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if phase == .awaitingAnswer {
            phase = .passing
            deadline?.cancel()
        }
        context.write(data, promise: promise)
    }

    private func armDeadline(_ context: ChannelHandlerContext) {
        guard deadline == nil else { return }
        let timeout = TimeAmount.nanoseconds(Int64(limits.headTimeout / .nanoseconds(1)))
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(in: timeout) {
            let (handler, context) = loopBound.value
            switch handler.phase {
            case .readingHead:
                handler.refuse(context, status: "408 Request Timeout", reason: "no request within the time allowed")
            case .awaitingAnswer:
                // A head the HTTP parser could not take: it will never be answered.
                handler.refuse(context, status: "400 Bad Request", reason: "not an HTTP request")
            case .passing, .refused:
                break
            }
        }
    }

    /// Answers `status` with a one-line reason and closes the connection; nothing more is read.
    private func refuse(_ context: ChannelHandlerContext, status: String, reason: String) {
        guard phase != .refused, phase != .passing else {
            if phase == .passing { context.close(promise: nil) }
            return
        }
        phase = .refused
        deadline?.cancel()
        let body = reason + "\n"
        let head =
            "HTTP/1.1 \(status)\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n"
        let bytes = context.channel.allocator.buffer(string: head + body)
        context.writeAndFlush(wrapOutboundOut(bytes)).whenComplete { _ in context.close(promise: nil) }
    }

    /// `METHOD SP target SP HTTP/1.x`, the method a token, the target without spaces or controls.
    static func isRequestLine(_ line: [UInt8]) -> Bool {
        let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3 else { return false }
        let method = parts[0]
        let target = parts[1]
        let version = parts[2]
        return !method.isEmpty && method.allSatisfy(isTokenByte) && !target.isEmpty
            && target.allSatisfy { $0 > 0x20 && $0 != 0x7F }
            && (version.elementsEqual("HTTP/1.1".utf8) || version.elementsEqual("HTTP/1.0".utf8))
    }

    /// `name: value`, the name a token, the value without control bytes but tab.
    static func isHeaderLine(_ line: [UInt8]) -> Bool {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > 0 else { return false }
        return line[..<colon].allSatisfy(isTokenByte)
            && line[(colon + 1)...].allSatisfy { $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
