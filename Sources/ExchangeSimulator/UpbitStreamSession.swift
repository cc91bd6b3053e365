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
        var pinged = false
        // Every ticker is written by hand as JSON, then framed into one batch that goes out as one
        // write: the firehose's cost per tick.
        var writer = JSONTextWriter()
        var batch = WebSocketFrameBatch()
        func send(_ tickers: [UpbitStreamTicker]) async throws {
            batch.removeAll()
            for ticker in tickers {
                writer.removeAll()
                ticker.writeJSON(into: &writer, simple: subscription.format.isSimple)
                batch.appendBinary(writer.bytes)
            }
            try await frames.write(batch)
        }
        for await event in events {
            switch event {
            case .traded(let ids):
                guard subscription.realtime else { continue }
                var seen = Set<MarketID>()
                let wanted = ids.compactMap { venue.venueID(forWorld: $0) }.filter {
                    subscription.codes.contains($0) && seen.insert($0).inserted
                }
                try await send(
                    venue.figures(wanted, now: now()).map {
                        $0.upbitStreamTicker(snapshot: false, datesInKST: isBithumb)
                    })
            case .request(let request):
                subscription = Self.subscription(from: request, venue: venue)
                let snapshotWanted = request.types.contains { $0.type == "ticker" && $0.isOnlyRealtime != true }
                if snapshotWanted {
                    try await send(
                        venue.figures(subscription.codes.sorted(), now: now()).map {
                            $0.upbitStreamTicker(snapshot: true, datesInKST: isBithumb)
                        })
                }
            case .badRequest(let problem):
                let body = UpbitErrorBody(name: .text(problem.rawValue), message: Self.message(for: problem))
                try await outbound.write(.binary(ByteBuffer(bytes: try JSONEncoder().encode(body))))
                try await Task.sleep(for: .milliseconds(150))
                try await outbound.close(.normalClosure, reason: nil)
                return
            case .ping:
                pinged = true
                try await outbound.write(.binary(ByteBuffer(bytes: try JSONEncoder().encode(UpbitStatusMessage.up))))
            case .statusDue:
                guard pinged else { continue }
                try await outbound.write(.binary(ByteBuffer(bytes: try JSONEncoder().encode(UpbitStatusMessage.up))))
            case .clientMessage, .flushDue:
                continue
            case .drop:
                return
            }
        }
    }

    /// The ticker codes a request asks for that this market lists (others are silently ignored,
    /// as are lower-case codes), and whether live updates follow the snapshot.
    private static func subscription(from request: UpbitSubscriptionRequest, venue: SimulatedVenue) -> Subscription {
        var subscription = Subscription()
        subscription.format = request.format ?? .default
        for type in request.types where type.type == "ticker" {
            for code in type.codes where code == code.uppercased() {
                if let id = MarketID(code), venue.lists(id) { subscription.codes.insert(id) }
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
