import ExchangeWire
import MarketDomain

/// The tickers one client of the simulated Upbit (or Bithumb v1) WebSocket subscribed, as its
/// last request asked (a new request replaces it), and the rule that picks, from a batch of
/// trades, the markets whose tickers go out: each once, by world catalog position without
/// hashing, then the BTC and USDT groups' markets asked for. Tested without a socket.
struct UpbitTickerSubscription: Sendable {
    private(set) var codes: Set<MarketID> = []
    /// `codes` by world catalog position.
    private var wanted: [Bool] = []
    /// The codes of the BTC and USDT groups asked for (`BTC-XRP`), and by position those of the
    /// coin there, in the venue's order of groups.
    private(set) var crossCodes: Set<MarketID> = []
    private var crossWanted: [[MarketID]] = []
    /// Whether live tickers follow the snapshot.
    private(set) var realtime = false
    private(set) var format: UpbitStreamFormat = .default
    /// The positions picked from one batch, and which are picked (kept between batches).
    private var picked: [Int] = []
    private var isPicked: [Bool] = []

    init() {}

    /// The ticker codes `request` asks for that `venue` lists (others are silently ignored, as
    /// are lower-case codes), and whether live updates follow the snapshot.
    init(_ request: UpbitSubscriptionRequest, venue: SimulatedVenue) {
        format = request.format ?? .default
        wanted = [Bool](repeating: false, count: venue.worldCount)
        isPicked = wanted
        var crossPositions: [Int] = []
        for type in request.types where type.type == "ticker" {
            for code in type.codes where code == code.uppercased() {
                guard let id = MarketID(code) else { continue }
                if let position = venue.worldPosition(of: id) {
                    codes.insert(id)
                    wanted[position] = true
                } else if venue.lists(id),
                    let position = venue.worldPosition(of: MarketID(quote: venue.exchange.quoteCurrency, base: id.base))
                {
                    crossCodes.insert(id)
                    crossPositions.append(position)
                }
            }
            if type.isOnlySnapshot != true { realtime = true }
        }
        guard !crossCodes.isEmpty else { return }
        crossWanted = [[MarketID]](repeating: [], count: venue.worldCount)
        for position in crossPositions where crossWanted[position].isEmpty {
            crossWanted[position] = venue.crossIDs(atWorldPosition: position).filter(crossCodes.contains)
        }
    }

    /// Of a batch of trades, the main group's markets subscribed (by world position, each once,
    /// in trade order) and the other groups' ones.
    mutating func tickers(of traded: TradedMarkets) -> (positions: [Int], cross: [MarketID]) {
        picked.removeAll(keepingCapacity: true)
        guard !wanted.isEmpty else { return ([], []) }  // nothing asked for yet
        for position in traded.positions where wanted[position] && !isPicked[position] {
            isPicked[position] = true
            picked.append(position)
        }
        for position in picked { isPicked[position] = false }
        guard !crossCodes.isEmpty else { return (picked, []) }
        // Each coin's once, in trade order, marked as the main group's are (no set, no hashing).
        var cross: [MarketID] = []
        var crossPicked: [Int] = []
        for position in traded.positions where !crossWanted[position].isEmpty && !isPicked[position] {
            isPicked[position] = true
            crossPicked.append(position)
            cross += crossWanted[position]
        }
        for position in crossPicked { isPicked[position] = false }
        return (picked, cross)
    }
}
