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
/// written through its ``TabOutlet`` by its connection's event loop.
struct DashboardViewer {
    let context: DashboardContext
    let shared: SharedBoardViews
    let logger: Logger

    /// The shortest time between two messages with board changes (ten a second at most).
    static let patchInterval = Duration.milliseconds(100)
    /// The rows a tab is shown before its page says how many fit.
    static let initialRows = 30

    /// Serves the tab on `channel` (its upgraded connection) until it closes.
    func run(inbound: WebSocketInboundStream, channel: any Channel) async throws {
        let outlet = try await TabOutlet.install(on: channel)
        let hello = DashboardMessage.hello(
            protocolVersion: DashboardMessage.protocolVersion, exchange: context.root.board.exchange.displayName)
        if let text = ScreenMessages.text(hello) { outlet.sendAside(text) }
        let session = await makeSession(outlet: outlet)
        // A tab fallen behind is brought up to date once its connection drains (held weakly:
        // the session holds the outlet).
        outlet.whenBehind { [weak session] in Task { @MainActor in session?.sendSnapshot() } }
        await session.start()
        do {
            try await Self.read(inbound, into: session, outlet: outlet)
        } catch {
            await session.end()
            throw error
        }
        await session.end()
    }

    @MainActor
    private func makeSession(outlet: TabOutlet) -> TabSession {
        TabSession(rows: Self.initialRows, outlet: outlet, shared: shared) { [context, logger] in
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
        _ inbound: WebSocketInboundStream, into session: TabSession, outlet: TabOutlet
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
                await session.sendSnapshot()
            case .failure(let refusal):
                if let text = ScreenMessages.text(.error(refusal.reason)) { outlet.sendAside(text) }
            }
        }
    }
}
