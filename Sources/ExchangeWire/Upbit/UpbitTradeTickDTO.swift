public import MarketDomain

/// A row of Upbit's `GET /v1/trades/ticks?market=KRW-BTC&count=50` (Bithumb's v1 answers the
/// same): one recent trade, newest first (docs.upbit.com "최근 체결 내역").
public struct UpbitTradeTickDTO: Codable, Sendable, Equatable {
    public var market: String
    /// `yyyy-MM-dd`, UTC.
    public var tradeDateUtc: String
    /// `HH:mm:ss`, UTC.
    public var tradeTimeUtc: String
    /// Unix ms.
    public var timestamp: Int64
    public var tradePrice: Double
    public var tradeVolume: Double
    public var prevClosingPrice: Double
    public var changePrice: Double
    /// `ASK` when a seller took a bid (매도), `BID` when a buyer took an ask (매수).
    public var askBid: String
    public var sequentialId: Int64

    public init(
        market: String, tradeDateUtc: String, tradeTimeUtc: String, timestamp: Int64, tradePrice: Double,
        tradeVolume: Double, prevClosingPrice: Double, changePrice: Double, askBid: String, sequentialId: Int64
    ) {
        self.market = market
        self.tradeDateUtc = tradeDateUtc
        self.tradeTimeUtc = tradeTimeUtc
        self.timestamp = timestamp
        self.tradePrice = tradePrice
        self.tradeVolume = tradeVolume
        self.prevClosingPrice = prevClosingPrice
        self.changePrice = changePrice
        self.askBid = askBid
        self.sequentialId = sequentialId
    }

    enum CodingKeys: String, CodingKey {
        case market, timestamp
        case tradeDateUtc = "trade_date_utc"
        case tradeTimeUtc = "trade_time_utc"
        case tradePrice = "trade_price"
        case tradeVolume = "trade_volume"
        case prevClosingPrice = "prev_closing_price"
        case changePrice = "change_price"
        case askBid = "ask_bid"
        case sequentialId = "sequential_id"
    }

    /// The trade; `nil` when the market code or the side is not one.
    public func toDomain() -> Trade? {
        guard let id = MarketID(market) else { return nil }
        let side: Trade.Side
        switch askBid {
        case "ASK": side = .sell
        case "BID": side = .buy
        default: return nil
        }
        return Trade(
            market: id, price: tradePrice, size: tradeVolume, side: side, timestamp: unixTimestamp, id: sequentialId)
    }

    /// `timestamp`, unless it reads exactly Korea's offset ahead of `trade_date_utc` and
    /// `trade_time_utc` (Bithumb writes some epoch fields in KST wall time, exchange-apis.md §2.3):
    /// then the UTC fields' time, with `timestamp`'s milliseconds. Any other disagreement is left
    /// for the plausibility check to judge.
    var unixTimestamp: Int64 {
        guard let utc = UpbitTime.parseTo("\(tradeDateUtc)T\(tradeTimeUtc)Z") else { return timestamp }
        let shifted = timestamp - UpbitTime.kstOffsetMilliseconds
        guard abs(shifted - utc) < 1_000 else { return timestamp }
        return shifted
    }

    /// The row of `trade`, with the day's previous close, as Upbit writes it.
    public init(_ trade: Trade, previousClose: Double) {
        self.init(
            market: trade.market.rawValue,
            tradeDateUtc: TradingDay(unixMilliseconds: trade.timestamp).description,
            tradeTimeUtc: UpbitTime.colonTime(unixMilliseconds: trade.timestamp), timestamp: trade.timestamp,
            tradePrice: trade.price, tradeVolume: trade.size, prevClosingPrice: previousClose,
            changePrice: trade.price - previousClose, askBid: trade.side == .sell ? "ASK" : "BID",
            sequentialId: trade.id)
    }
}
