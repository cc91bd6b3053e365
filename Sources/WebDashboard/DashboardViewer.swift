import Foundation
import HummingbirdWebSocket
import Logging
import MarketDomain
import MarketFeatures
import NIOCore
import NIOWebSocket

/// One browser tab on `/ws`: a ``TabSession`` (a shared view while the tab only watches, a root
/// view model of its own once it acts) driven by the tab's requests, its messages — a snapshot,
/// then numbered patches, at most ``patchInterval`` apart and only when something changed —
/// written from its ``TabMailbox``.
struct DashboardViewer {
    let context: DashboardContext
    let shared: SharedBoardViews
    let logger: Logger

    /// The shortest time between two messages with board changes (ten a second at most).
    static let patchInterval = Duration.milliseconds(100)
    /// The rows a tab is shown before its page says how many fit.
    static let initialRows = 30

    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        let mailbox = TabMailbox()
        defer { mailbox.finish() }
        let hello = DashboardMessage.hello(
            protocolVersion: DashboardMessage.protocolVersion, exchange: context.root.board.exchange.displayName)
        if let text = ScreenMessages.text(hello) { try await Self.write(text, to: outbound) }
        let session = await makeSession(mailbox: mailbox)
        await session.start()
        // The writer beside the reader, in this tab's own task: the tab leaving (its inbound
        // ending) ends both.
        async let writing: Void = Self.write(mailbox, of: session, to: outbound)
        do {
            try await Self.read(inbound, into: session, mailbox: mailbox)
        } catch {
            mailbox.finish()
            await session.end()
            try? await writing
            throw error
        }
        mailbox.finish()
        await session.end()
        try? await writing
    }

    @MainActor
    private func makeSession(mailbox: TabMailbox) -> TabSession {
        TabSession(rows: Self.initialRows, mailbox: mailbox, shared: shared) { [context, logger] in
            Self.makeRoot(context: context, logger: logger)
        }
    }

    /// A tab's root view model (a browser tab starts from the default tab and sort).
    @MainActor
    static func makeRoot(context: DashboardContext, logger: Logger) -> DashboardScreen.Root {
        .make(context.root, resumesStoredView: false, logger: logger)
    }

    /// Takes the tab's requests until it closes: inputs go to its session, a resync brings a
    /// snapshot, a bad request gets an error message.
    private static func read(
        _ inbound: WebSocketInboundStream, into session: TabSession, mailbox: TabMailbox
    )
        async throws
    {
        // Anything past the request limit is still read whole, to be refused with a message.
        for try await message in inbound.messages(maxSize: 1 << 20) {
            let bytes: [UInt8]
            switch message {
            case .text(let text): bytes = Array(text.utf8)
            case .binary(let buffer): bytes = Array(buffer.readableBytesView)
            }
            switch DashboardRequest.read(bytes) {
            case .success(.input(let input)):
                await session.handle(input)
            case .success(.resync):
                if let snapshot = await session.snapshot() { mailbox.post(snapshot) }
            case .failure(let refusal):
                if let text = ScreenMessages.text(.error(refusal.reason)) { mailbox.post(text) }
            }
        }
    }

    /// Writes what the mailbox holds, in order; after messages were lost, a snapshot instead.
    private static func write(
        _ mailbox: TabMailbox, of session: TabSession, to outbound: WebSocketOutboundWriter
    )
        async throws
    {
        for await _ in mailbox.wakes {
            let (messages, overflowed) = mailbox.take()
            if overflowed {
                if let snapshot = await session.snapshot() { try await write(snapshot, to: outbound) }
                continue
            }
            for message in messages { try await write(message, to: outbound) }
        }
    }

    /// One text frame of bytes already encoded (and shared by every tab it goes to: no copy a tab).
    private static func write(_ text: ByteBuffer, to outbound: WebSocketOutboundWriter) async throws {
        try await outbound.write(.custom(WebSocketFrame(fin: true, opcode: .text, data: text)))
    }
}
