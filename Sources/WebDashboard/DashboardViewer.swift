import Foundation
import HummingbirdWebSocket
import Logging
import MarketFeatures

/// One browser tab on `/ws`: its own root view model (its tab, search, sort, selection, the
/// detail it opened, its Watchlist tab) over the shared boards, driven by the tab's requests, its
/// outputs sent as a snapshot and then numbered patches, at most ``patchInterval`` apart and only
/// when something changed.
struct DashboardViewer {
    let context: DashboardContext
    let logger: Logger

    /// The shortest time between two messages with board changes (ten a second at most).
    static let patchInterval = Duration.milliseconds(100)

    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        let viewModel = await makeViewModel()
        let outbox = ViewerOutbox()
        defer { outbox.finish() }
        try await Self.send(
            .hello(protocolVersion: DashboardMessage.protocolVersion, exchange: context.board.exchange.displayName),
            to: outbound, encoder: Self.makeEncoder())
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await viewModel.run() }
            group.addTask {
                // The view model's output before its first frame is blank: the snapshot waits for a real one.
                for await output in await viewModel.outputs() where output.board != BoardOutput() {
                    outbox.post(output)
                }
            }
            group.addTask {
                try await Self.read(inbound, into: viewModel, outbox: outbox)
            }
            group.addTask {
                try await Self.write(outbox, to: outbound)
            }
            // The tab left (or the board stopped): everything else ends with it.
            _ = try await group.next()
            group.cancelAll()
        }
    }

    @MainActor
    private func makeViewModel() -> DashboardScreen.Root {
        let board = BoardViewModel(
            board: context.board, store: context.store, clock: ViewClock(ContinuousClock()),
            isSimulated: context.isSimulated, language: context.language, exchangeBoards: context.boards,
            logger: logger)
        let context = context
        return DashboardScreen.Root(board: board, watchlist: context.makeWatchlist?()) { market in
            DetailViewModel(market: market, board: context.board, loader: context.candles, language: context.language)
        }
    }

    /// Takes the tab's requests until it closes: inputs go to the view model (framed at once),
    /// a resync to the writer, a bad request back as an error message.
    private static func read(
        _ inbound: WebSocketInboundStream, into viewModel: DashboardScreen.Root, outbox: ViewerOutbox
    ) async throws {
        // Anything past the request limit is still read whole, to be refused with a message.
        for try await message in inbound.messages(maxSize: 1 << 20) {
            let bytes: [UInt8]
            switch message {
            case .text(let text): bytes = Array(text.utf8)
            case .binary(let buffer): bytes = Array(buffer.readableBytesView)
            }
            switch DashboardRequest.read(bytes) {
            case .success(.input(let input)):
                await MainActor.run { viewModel.send(input) }
            case .success(.resync):
                outbox.requestResync()
            case .failure(let refusal):
                outbox.post(error: refusal.reason)
            }
        }
    }

    /// Sends what the outbox holds: a snapshot first and after a resync, then patches of what
    /// changed since the output the tab last got, numbered without gaps.
    private static func write(_ outbox: ViewerOutbox, to outbound: WebSocketOutboundWriter) async throws {
        let clock = ContinuousClock()
        let encoder = makeEncoder()
        var sent: DashboardScreen?
        var sequence = 0
        var lastSent: ContinuousClock.Instant?
        for await _ in outbox.wakes {
            if let lastSent { try await clock.sleep(until: lastSent.advanced(by: patchInterval)) }
            let (output, resync, errors) = outbox.take()
            for error in errors { try await send(.error(error), to: outbound, encoder: encoder) }
            guard let newest = output.map(DashboardScreen.init) ?? (resync ? sent : nil) else { continue }
            if let previous = sent, !resync {
                let patch = DashboardScreenPatch(from: previous, to: newest)
                guard !patch.isEmpty else { continue }
                sequence += 1
                try await send(.patch(sequence: sequence, changes: patch), to: outbound, encoder: encoder)
            } else {
                sequence += 1
                try await send(.snapshot(sequence: sequence, output: newest), to: outbound, encoder: encoder)
            }
            sent = newest
            lastSent = clock.now
        }
    }

    /// Sorted keys, as the golden tests pin them; one encoder a tab, not one a message.
    private static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    private static func send(
        _ message: DashboardMessage, to outbound: WebSocketOutboundWriter, encoder: JSONEncoder
    ) async throws {
        try await outbound.write(.text(String(decoding: try encoder.encode(message), as: UTF8.self)))
    }
}
