public import MarketDomain

/// A `candle.*` message of the Upbit WebSocket (docs.upbit.com "캔들 (Candle)"): the candle of a
/// market and interval (`candle.1s`, `candle.1m` … `candle.240m`) as it stands, sent at most once
/// a second and only when a trade changed it; the same candle may come more than once, the last
/// being the newest.
public struct UpbitStreamCandle: Codable, Sendable, Equatable {
    /// `candle.1s`, `candle.5m`, `candle.60m`, …
    public var type: String
    public var code: String
    /// The candle's start, `yyyy-MM-ddTHH:mm:ss` in UTC and in KST.
    public var candleDateTimeUTC: String
    public var candleDateTimeKST: String
    public var openingPrice: Double
    public var highPrice: Double
    public var lowPrice: Double
    public var tradePrice: Double
    public var candleAccTradeVolume: Double
    public var candleAccTradePrice: Double
    /// The message's time, Unix ms.
    public var timestamp: Int64
    /// `SNAPSHOT` or `REALTIME`.
    public var streamType: String?

    enum CodingKeys: String, CodingKey {
        case type, code, timestamp
        case candleDateTimeUTC = "candle_date_time_utc"
        case candleDateTimeKST = "candle_date_time_kst"
        case openingPrice = "opening_price"
        case highPrice = "high_price"
        case lowPrice = "low_price"
        case tradePrice = "trade_price"
        case candleAccTradeVolume = "candle_acc_trade_volume"
        case candleAccTradePrice = "candle_acc_trade_price"
        case streamType = "stream_type"
    }

    /// The type of `interval`'s candles; `nil` for days, weeks and months, which the stream has
    /// none of (REST only).
    public static func type(of interval: CandleInterval) -> String? {
        switch interval {
        case .second: "candle.1s"
        case .day, .week, .month: nil
        default: interval.minutes.map { "candle.\($0)m" }
        }
    }

    /// The interval of a type (`candle.60m` is an hour); `nil` for any other text.
    public static func interval(of type: String) -> CandleInterval? {
        guard type.hasPrefix("candle.") else { return nil }
        let unit = String(type.dropFirst("candle.".count))
        guard let interval = CandleInterval(text: unit), Self.type(of: interval) == type else { return nil }
        return interval
    }

    /// The message of `candle` of `interval` of `market`, as the server writes it.
    public init(_ candle: IntervalCandle, interval: CandleInterval, market: MarketID, snapshot: Bool, now: Int64) {
        type = Self.type(of: interval) ?? "candle.1m"
        code = market.rawValue
        candleDateTimeUTC = UpbitTime.isoLocal(unixMilliseconds: candle.start)
        candleDateTimeKST = UpbitTime.isoLocal(unixMilliseconds: candle.start + UpbitTime.kstOffsetMilliseconds)
        openingPrice = candle.open
        highPrice = candle.high
        lowPrice = candle.low
        tradePrice = candle.close
        candleAccTradeVolume = candle.volume
        candleAccTradePrice = candle.value
        timestamp = now
        streamType = snapshot ? "SNAPSHOT" : "REALTIME"
    }

    /// Written in DEFAULT keys, or in SIMPLE ones (`ty`, `cd`, `cdttmu`, `cdttmk`, `op`, `hp`, `lp`,
    /// `tp`, `catv`, `catp`, `tms`, `st`) when the encoder's ``UpbitStreamKeys/simple`` says so.
    public func encode(to encoder: any Encoder) throws {
        let simple = UpbitStreamKeys.isSimple(encoder)
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        func key(_ full: CodingKeys, _ short: String) -> AnyCodingKey { AnyCodingKey(simple ? short : full.rawValue) }
        try container.encode(type, forKey: key(.type, "ty"))
        try container.encode(code, forKey: key(.code, "cd"))
        try container.encode(candleDateTimeUTC, forKey: key(.candleDateTimeUTC, "cdttmu"))
        try container.encode(candleDateTimeKST, forKey: key(.candleDateTimeKST, "cdttmk"))
        try container.encode(openingPrice, forKey: key(.openingPrice, "op"))
        try container.encode(highPrice, forKey: key(.highPrice, "hp"))
        try container.encode(lowPrice, forKey: key(.lowPrice, "lp"))
        try container.encode(tradePrice, forKey: key(.tradePrice, "tp"))
        try container.encode(candleAccTradeVolume, forKey: key(.candleAccTradeVolume, "catv"))
        try container.encode(candleAccTradePrice, forKey: key(.candleAccTradePrice, "catp"))
        try container.encode(timestamp, forKey: key(.timestamp, "tms"))
        try container.encodeIfPresent(streamType, forKey: key(.streamType, "st"))
    }

    /// The candle; `nil` when its time is not one.
    public func toDomain() -> IntervalCandle? {
        guard let start = UpbitTime.parseTo(candleDateTimeUTC + "Z") else { return nil }
        return IntervalCandle(
            start: start, open: openingPrice, high: highPrice, low: lowPrice, close: tradePrice,
            volume: candleAccTradeVolume, value: candleAccTradePrice)
    }
}
