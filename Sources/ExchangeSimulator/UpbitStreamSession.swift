import ExchangeWire
import Foundation
import HummingbirdWebSocket
import MarketDomain
import NIOCore
import NIOWebSocket
import SiseSupport
import WebSocketFrames

/// One client on the simulated Upbit WebSocket, or Bithumb's v1 one (its near-clone): reads its
/// requests, sends snapshots and live tickers of the codes it subscribed, in binary frames as
/// both do (exchange-apis.md §1.6, §2.4).
struct UpbitStreamSession {
    let venue: SimulatedVenue
    let hub: TickHub
    let now: @Sendable () -> Int64

    /// Bithumb spells the request options in camel case and dates its tickers in KST.
    var isBithumb: Bool { venue.exchange == .bithumb }

    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, frames: RawFrameWriter) async throws {
        let (id, events, continuation) = hub.register()
        defer { hub.unregister(id) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                defer { continuation.yield(.drop) }
                for try await message in inbound.messages(maxSize: 1 << 22) {
                    continuation.yield(Self.event(for: message, spelling: isBithumb ? .camelCase : .snakeCase))
                }
            }
            group.addTask {
                while !Task.isCancelled {
                    try await Task.sleep(for: .seconds(10))
                    continuation.yield(.statusDue)
                }
            }
            group.addTask {
                // Books' sizes move every second, traded or not.
                while !Task.isCancelled {
                    try await Task.sleep(for: .seconds(1))
                    continuation.yield(.flushDue)
                }
            }
            group.addTask { try await write(events: events, to: outbound, frames: frames) }
            _ = try await group.next()
            group.cancelAll()
        }
    }

    private static func event(
        for message: WebSocketMessage, spelling: UpbitSubscriptionRequest.OptionSpelling
    ) -> SessionEvent {
        let bytes: [UInt8]
        switch message {
        case .text(let text):
            if text.trimmingCharacters(in: .whitespacesAndNewlines) == UpbitEndpoint.pingText { return .ping }
            bytes = Array(text.utf8)
        case .binary(let buffer):
            bytes = Array(buffer.readableBytesView)
        }
        do {
            let decoder = JSONDecoder()
            decoder.userInfo[UpbitSubscriptionRequest.OptionSpelling.userInfoKey] = spelling
            return .request(try decoder.decode(UpbitSubscriptionRequest.self, from: Data(bytes)))
        } catch let problem as UpbitSubscriptionRequest.Problem {
            return .badRequest(problem)
        } catch {
            return .badRequest(.wrongFormat)
        }
    }

    private func write(
        events: SessionEvents, to outbound: WebSocketOutboundWriter, frames: RawFrameWriter
    ) async throws {
        // Every ticker is written by hand as JSON and framed into one batch a batch of trades,
        // made on a child task while the next one is made beside it and the one before goes to the
        // socket in one write: the firehose's cost per tick, on every core.
        try await withThrowingTaskGroup(of: OrderedFrameBatches.Made.self) { makers in
            var writer = Writer(session: self, events: events, outbound: outbound, frames: frames)
            for await event in events {
                guard try await writer.take(event, &makers) else { return }
            }
        }
    }

    /// What a session's writing keeps from one event to the next: the subscription, the depth
    /// followed, whether the client pinged, and the ticker batches in making.
    private struct Writer {
        typealias Makers = ThrowingTaskGroup<OrderedFrameBatches.Made, any Error>

        let session: UpbitStreamSession
        let events: SessionEvents
        let outbound: WebSocketOutboundWriter
        let frames: RawFrameWriter
        var output: OrderedFrameBatches
        var subscription = UpbitTickerSubscription()
        var depth = DepthFollowing()
        var candles = CandleFollowing()
        var pinged = false
        /// The days around the session's start as text, made once.
        let dates: TickerDateTexts

        init(
            session: UpbitStreamSession, events: SessionEvents, outbound: WebSocketOutboundWriter,
            frames: RawFrameWriter
        ) {
            self.session = session
            self.events = events
            self.outbound = outbound
            self.frames = frames
            output = OrderedFrameBatches(frames: frames)
            dates = TickerDateTexts(today: TradingDay(unixMilliseconds: session.now()))
        }

        /// Takes one event; false when the session ends.
        mutating func take(_ event: SessionEvent, _ makers: inout Makers) async throws -> Bool {
            let venue = session.venue
            switch event {
            case .traded(let traded):
                if !depth.isEmpty {
                    try await send(
                        depthOf: depth.followed(venue.allVenueIDs(traded)), books: depth.realtimeBooks,
                        trades: depth.realtimeTrades, snapshot: false, &makers)
                }
                guard subscription.realtime else { return true }
                let (positions, cross) = subscription.tickers(of: traded)
                try await send(positions, cross: cross, snapshot: false, &makers)
            case .request(let request):
                try await subscribe(request, &makers)
            case .badRequest(let problem):
                try await settle(&makers)
                try await UpbitStreamSession.refuse(problem, on: outbound)
                return false
            case .ping:
                pinged = true
                try await settle(&makers)
                try await UpbitStreamSession.writeStatus(to: outbound)
            case .statusDue:
                guard pinged else { return true }
                try await settle(&makers)
                try await UpbitStreamSession.writeStatus(to: outbound)
            case .flushDue:
                // Candles go at most once a second, those a trade changed (§9.4).
                if candles.realtime, !candles.isEmpty {
                    try await settle(&makers)
                    try await frames.write(
                        session.candleFrames(following: &candles, snapshot: false, simple: subscription.format.isSimple)
                    )
                }
                guard depth.realtimeBooks, !depth.books.isEmpty else { return true }
                try await send(depthOf: depth.books.keys.sorted(), books: true, trades: false, snapshot: false, &makers)
            case .clientMessage:
                return true
            case .drop:
                return false
            }
            return true
        }

        /// A new request replaces the subscription: its tickers' snapshot, then its books' and tapes'.
        private mutating func subscribe(_ request: UpbitSubscriptionRequest, _ makers: inout Makers) async throws {
            let venue = session.venue
            subscription = UpbitTickerSubscription(request, venue: venue)
            if request.types.contains(where: { $0.type == "ticker" && $0.isOnlyRealtime != true }) {
                try await send(
                    subscription.codes.sorted().compactMap { venue.worldPosition(of: $0) },
                    cross: subscription.crossCodes.sorted(), snapshot: true, &makers)
            }
            depth = UpbitStreamSession.depthFollowing(from: request, venue: venue)
            try await send(
                depthOf: Array(Set(depth.books.keys).union(depth.tapes)).sorted(),
                books: UpbitStreamSession.wantsSnapshot(of: "orderbook", in: request),
                trades: UpbitStreamSession.wantsSnapshot(of: "trade", in: request), snapshot: true, &makers)
            candles = UpbitStreamSession.candleFollowing(from: request, venue: venue)
            if !candles.isEmpty {
                // The snapshot notes every candle as sent, so realtime frames are only of changes.
                let batch = try session.candleFrames(
                    following: &candles, snapshot: true, simple: subscription.format.isSimple)
                if UpbitStreamSession.wantsCandleSnapshot(in: request) {
                    try await settle(&makers)
                    try await frames.write(batch)
                }
            }
        }

        /// The tickers of these markets, made on a child task; written at once when nothing is behind them.
        private mutating func send(
            _ positions: [Int], cross: [MarketID] = [], snapshot: Bool, _ makers: inout Makers
        ) async throws {
            let style = FrameStyle(
                snapshot: snapshot, datesInKST: session.isBithumb, simple: subscription.format.isSimple, dates: dates)
            let time = session.now()
            var figures = session.venue.figures(atWorldPositions: positions, now: time)
            if !cross.isEmpty { figures += session.venue.figures(cross, now: time) }
            let number = output.reserve()
            makers.addTask {
                OrderedFrameBatches.Made(number: number, batch: UpbitStreamSession.frames(of: figures, style: style))
            }
            while output.inMaking >= UpbitStreamSession.batchesInMaking, let made = try await makers.next() {
                try await output.finish(made)
            }
            // Nothing behind it: the batch goes out now rather than with the next one.
            if snapshot || !events.moreTradesQueued {
                while let made = try await makers.next() { try await output.finish(made) }
            }
        }

        /// Everything made and written, before the session writes a message of its own.
        private mutating func settle(_ makers: inout Makers) async throws {
            while let made = try await makers.next() { try await output.finish(made) }
            try await output.settle()
        }

        private mutating func send(
            depthOf markets: [MarketID], books: Bool, trades: Bool, snapshot: Bool, _ makers: inout Makers
        ) async throws {
            guard !markets.isEmpty else { return }
            try await settle(&makers)
            try await frames.write(
                session.depthFrames(
                    markets, following: &depth, books: books, trades: trades, snapshot: snapshot,
                    simple: subscription.format.isSimple))
        }
    }

    /// How a session writes its tickers: a snapshot's or a live one's, with Bithumb's KST dates or
    /// not, in DEFAULT or SIMPLE keys.
    struct FrameStyle: Sendable {
        let snapshot: Bool
        let datesInKST: Bool
        let simple: Bool
        /// The session's table of day texts.
        let dates: TickerDateTexts
    }

    /// Batches a session makes at once.
    static let batchesInMaking = 2

    /// The coins' tickers, each as one binary frame, in one batch.
    static func frames(of figures: [CoinFigures], style: FrameStyle) -> WebSocketFrameBatch {
        var batch = WebSocketFrameBatch(capacity: figures.count * 1024)
        var writer = JSONTextWriter()
        var dates = style.dates
        for coin in figures {
            writer.removeAll()
            coin.upbitStreamTicker(snapshot: style.snapshot, datesInKST: style.datesInKST, dates: &dates)
                .writeJSON(into: &writer, simple: style.simple)
            batch.appendBinary(writer.bytes)
        }
        return batch
    }

    /// Upbit's answer to a request it cannot read: an error, then the connection closed.
    static func refuse(
        _ problem: UpbitSubscriptionRequest.Problem, on outbound: WebSocketOutboundWriter
    ) async throws {
        let body = UpbitErrorBody(name: .text(problem.rawValue), message: message(for: problem))
        try await outbound.write(.binary(ByteBuffer(bytes: try JSONEncoder().encode(body))))
        try await Task.sleep(for: .milliseconds(150))
        try await outbound.close(.normalClosure, reason: nil)
    }

    /// `{"status":"UP"}`, the answer to a `PING` and every 10 s after one.
    static func writeStatus(to outbound: WebSocketOutboundWriter) async throws {
        try await outbound.write(.binary(ByteBuffer(bytes: try JSONEncoder().encode(UpbitStatusMessage.up))))
    }

    private static func message(for problem: UpbitSubscriptionRequest.Problem) -> String {
        switch problem {
        case .wrongFormat: "요청 형식이 올바르지 않습니다."
        case .noTicket: "ticket 이 없습니다."
        case .noType: "type 이 없습니다."
        case .noCodes: "codes 가 없습니다."
        }
    }
}
