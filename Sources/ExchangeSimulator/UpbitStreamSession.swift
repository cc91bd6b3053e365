import ExchangeWire
import Foundation
import HummingbirdWebSocket
import MarketDomain
import NIOCore

/// One client on the simulated Upbit WebSocket, or Bithumb's v1 one (its near-clone): reads its
/// requests, sends snapshots and live tickers of the codes it subscribed, in binary frames as
/// both do (exchange-apis.md §1.6, §2.4).
struct UpbitStreamSession {
    let venue: SimulatedVenue
    let hub: TickHub
    let now: @Sendable () -> Int64

    /// Bithumb spells the request options in camel case and dates its tickers in KST.
    private var isBithumb: Bool { venue.exchange == .bithumb }

    /// The subscription a session holds: a new request replaces it.
    private struct Subscription {
        var codes: Set<MarketID> = []
        /// `codes` by world catalog position: a batch's frames are picked without hashing.
        var wanted: [Bool] = []
        /// The codes of the BTC and USDT groups asked for (`BTC-XRP`), and by position whether any
        /// of a coin's are.
        var crossCodes: Set<MarketID> = []
        var crossWanted: [Bool] = []
        var realtime = false
        var format: UpbitStreamFormat = .default
    }

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
        var subscription = Subscription()
        var depth = DepthFollowing()
        var pinged = false
        // The positions picked from one batch of trades (each market once), and which are picked.
        var picked: [Int] = []
        var isPicked = [Bool](repeating: false, count: venue.worldCount)
        // Every ticker is written by hand as JSON and framed into one batch a batch of trades,
        // made on a child task while the next one is made beside it and the one before goes to the
        // socket in one write: the firehose's cost per tick, on every core.
        try await withThrowingTaskGroup(of: OrderedFrameBatches.Made.self) { makers in
            var output = OrderedFrameBatches(frames: frames)
            func send(_ positions: [Int], cross: [MarketID] = [], snapshot: Bool) async throws {
                let style = FrameStyle(snapshot: snapshot, datesInKST: isBithumb, simple: subscription.format.isSimple)
                let time = now()
                var figures = venue.figures(atWorldPositions: positions, now: time)
                if !cross.isEmpty { figures += venue.figures(cross, now: time) }
                let number = output.reserve()
                makers.addTask {
                    OrderedFrameBatches.Made(number: number, batch: Self.frames(of: figures, style: style))
                }
                while output.inMaking >= Self.batchesInMaking, let made = try await makers.next() {
                    try await output.finish(made)
                }
                // Nothing behind it: the batch goes out now rather than with the next one.
                if snapshot || !events.moreTradesQueued {
                    while let made = try await makers.next() { try await output.finish(made) }
                }
            }
            // Everything made and written, before the session writes a message of its own.
            func settle() async throws {
                while let made = try await makers.next() { try await output.finish(made) }
                try await output.settle()
            }
            func send(depthOf markets: [MarketID], books: Bool, trades: Bool, snapshot: Bool) async throws {
                guard !markets.isEmpty else { return }
                try await settle()
                try await frames.write(
                    depthFrames(markets, following: &depth, books: books, trades: trades, snapshot: snapshot))
            }
            for await event in events {
                switch event {
                case .traded(let traded):
                    if !depth.isEmpty {
                        try await send(
                            depthOf: depth.followed(venue.allVenueIDs(traded)), books: depth.realtimeBooks,
                            trades: depth.realtimeTrades, snapshot: false)
                    }
                    guard subscription.realtime else { continue }
                    picked.removeAll(keepingCapacity: true)
                    for position in traded.positions where subscription.wanted[position] && !isPicked[position] {
                        isPicked[position] = true
                        picked.append(position)
                    }
                    for position in picked { isPicked[position] = false }
                    var cross: [MarketID] = []
                    if !subscription.crossCodes.isEmpty {
                        var seen = Set<MarketID>()
                        for position in traded.positions where subscription.crossWanted[position] {
                            cross += venue.crossIDs(atWorldPosition: position).filter {
                                subscription.crossCodes.contains($0) && seen.insert($0).inserted
                            }
                        }
                    }
                    try await send(picked, cross: cross, snapshot: false)
                case .request(let request):
                    subscription = Self.subscription(from: request, venue: venue)
                    let snapshotWanted = request.types.contains { $0.type == "ticker" && $0.isOnlyRealtime != true }
                    if snapshotWanted {
                        try await send(
                            subscription.codes.sorted().compactMap { venue.worldPosition(of: $0) },
                            cross: subscription.crossCodes.sorted(), snapshot: true)
                    }
                    depth = Self.depthFollowing(from: request, venue: venue)
                    try await send(
                        depthOf: Array(Set(depth.books.keys).union(depth.tapes)).sorted(),
                        books: Self.wantsSnapshot(of: "orderbook", in: request),
                        trades: Self.wantsSnapshot(of: "trade", in: request), snapshot: true)
                case .badRequest(let problem):
                    try await settle()
                    let body = UpbitErrorBody(name: .text(problem.rawValue), message: Self.message(for: problem))
                    try await outbound.write(.binary(ByteBuffer(bytes: try JSONEncoder().encode(body))))
                    try await Task.sleep(for: .milliseconds(150))
                    try await outbound.close(.normalClosure, reason: nil)
                    return
                case .ping:
                    pinged = true
                    try await settle()
                    try await outbound.write(
                        .binary(ByteBuffer(bytes: try JSONEncoder().encode(UpbitStatusMessage.up))))
                case .statusDue:
                    guard pinged else { continue }
                    try await settle()
                    try await outbound.write(
                        .binary(ByteBuffer(bytes: try JSONEncoder().encode(UpbitStatusMessage.up))))
                case .flushDue:
                    guard depth.realtimeBooks, !depth.books.isEmpty else { continue }
                    try await send(depthOf: depth.books.keys.sorted(), books: true, trades: false, snapshot: false)
                case .clientMessage:
                    continue
                case .drop:
                    return
                }
            }
        }
    }

    /// How a session writes its tickers: a snapshot's or a live one's, with Bithumb's KST dates or
    /// not, in DEFAULT or SIMPLE keys.
    private struct FrameStyle: Sendable {
        let snapshot: Bool
        let datesInKST: Bool
        let simple: Bool
    }

    /// Batches a session makes at once.
    private static let batchesInMaking = 2

    /// The coins' tickers, each as one binary frame, in one batch.
    private static func frames(of figures: [CoinFigures], style: FrameStyle) -> WebSocketFrameBatch {
        var batch = WebSocketFrameBatch(capacity: figures.count * 1024)
        var writer = JSONTextWriter()
        for coin in figures {
            writer.removeAll()
            coin.upbitStreamTicker(snapshot: style.snapshot, datesInKST: style.datesInKST)
                .writeJSON(into: &writer, simple: style.simple)
            batch.appendBinary(writer.bytes)
        }
        return batch
    }

    /// The ticker codes a request asks for that this market lists (others are silently ignored,
    /// as are lower-case codes), and whether live updates follow the snapshot.
    private static func subscription(from request: UpbitSubscriptionRequest, venue: SimulatedVenue) -> Subscription {
        var subscription = Subscription()
        subscription.format = request.format ?? .default
        subscription.wanted = [Bool](repeating: false, count: venue.worldCount)
        subscription.crossWanted = [Bool](repeating: false, count: venue.worldCount)
        for type in request.types where type.type == "ticker" {
            for code in type.codes where code == code.uppercased() {
                guard let id = MarketID(code) else { continue }
                if let position = venue.worldPosition(of: id) {
                    subscription.codes.insert(id)
                    subscription.wanted[position] = true
                } else if venue.lists(id),
                    let position = venue.worldPosition(of: MarketID(quote: venue.exchange.quoteCurrency, base: id.base))
                {
                    subscription.crossCodes.insert(id)
                    subscription.crossWanted[position] = true
                }
            }
            if type.isOnlySnapshot != true { subscription.realtime = true }
        }
        return subscription
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
