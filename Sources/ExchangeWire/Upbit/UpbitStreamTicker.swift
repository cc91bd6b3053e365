/// A `ticker` message of the Upbit WebSocket (exchange-apis.md §1.6), in DEFAULT or SIMPLE keys.
///
/// Decoding tells the format by the key of the type (`type` or `ty`); encoding takes the format
/// from the encoder's `userInfo` (see ``UpbitStreamFormat/userInfoKey``), DEFAULT when absent.
public struct UpbitStreamTicker: Codable, Sendable, Equatable {
    public var type: String
    public var code: String
    public var openingPrice: Double
    public var highPrice: Double
    public var lowPrice: Double
    public var tradePrice: Double
    public var prevClosingPrice: Double
    /// `RISE`, `EVEN` or `FALL`.
    public var change: String
    public var changePrice: Double
    public var signedChangePrice: Double
    public var changeRate: Double
    public var signedChangeRate: Double
    public var tradeVolume: Double
    public var accTradeVolume: Double
    public var accTradeVolume24h: Double
    public var accTradePrice: Double
    public var accTradePrice24h: Double
    /// UTC `yyyyMMdd` and `HHmmss` of the last trade.
    public var tradeDate: String
    public var tradeTime: String
    public var tradeTimestamp: Int64
    /// `ASK` or `BID`.
    public var askBid: String
    public var accAskVolume: Double
    public var accBidVolume: Double
    public var highest52WeekPrice: Double
    public var highest52WeekDate: String
    public var lowest52WeekPrice: Double
    public var lowest52WeekDate: String
    /// `PREVIEW`, `ACTIVE` or `DELISTED`.
    public var marketState: String
    public var isTradingSuspended: Bool
    public var delistingDate: String?
    public var marketWarning: String
    /// When the message was sent, Unix ms.
    public var timestamp: Int64
    /// `SNAPSHOT` or `REALTIME`.
    public var streamType: String

    /// Makes a message; the deprecated and rarely used fields take their usual values.
    public init(
        code: String, openingPrice: Double, highPrice: Double, lowPrice: Double, tradePrice: Double,
        prevClosingPrice: Double, change: String, changePrice: Double, signedChangePrice: Double,
        changeRate: Double, signedChangeRate: Double, tradeVolume: Double, accTradeVolume: Double,
        accTradeVolume24h: Double, accTradePrice: Double, accTradePrice24h: Double, tradeDate: String,
        tradeTime: String, tradeTimestamp: Int64, askBid: String, accAskVolume: Double, accBidVolume: Double,
        highest52WeekPrice: Double, highest52WeekDate: String, lowest52WeekPrice: Double,
        lowest52WeekDate: String, timestamp: Int64, streamType: String
    ) {
        type = "ticker"
        self.code = code
        self.openingPrice = openingPrice
        self.highPrice = highPrice
        self.lowPrice = lowPrice
        self.tradePrice = tradePrice
        self.prevClosingPrice = prevClosingPrice
        self.change = change
        self.changePrice = changePrice
        self.signedChangePrice = signedChangePrice
        self.changeRate = changeRate
        self.signedChangeRate = signedChangeRate
        self.tradeVolume = tradeVolume
        self.accTradeVolume = accTradeVolume
        self.accTradeVolume24h = accTradeVolume24h
        self.accTradePrice = accTradePrice
        self.accTradePrice24h = accTradePrice24h
        self.tradeDate = tradeDate
        self.tradeTime = tradeTime
        self.tradeTimestamp = tradeTimestamp
        self.askBid = askBid
        self.accAskVolume = accAskVolume
        self.accBidVolume = accBidVolume
        self.highest52WeekPrice = highest52WeekPrice
        self.highest52WeekDate = highest52WeekDate
        self.lowest52WeekPrice = lowest52WeekPrice
        self.lowest52WeekDate = lowest52WeekDate
        marketState = "ACTIVE"
        isTradingSuspended = false
        delistingDate = nil
        marketWarning = "NONE"
        self.timestamp = timestamp
        self.streamType = streamType
    }

    /// The message's fields with their DEFAULT and SIMPLE key names.
    enum Field: CaseIterable {
        case type, code, openingPrice, highPrice, lowPrice, tradePrice, prevClosingPrice, accTradePrice, change
        case changePrice, signedChangePrice, changeRate, signedChangeRate, askBid, tradeVolume, accTradeVolume
        case tradeDate, tradeTime, tradeTimestamp, accAskVolume, accBidVolume, highest52WeekPrice
        case highest52WeekDate, lowest52WeekPrice, lowest52WeekDate, marketState, isTradingSuspended
        case delistingDate, marketWarning, timestamp, accTradePrice24h, accTradeVolume24h, streamType

        var names: (full: String, simple: String) {
            switch self {
            case .type: ("type", "ty")
            case .code: ("code", "cd")
            case .openingPrice: ("opening_price", "op")
            case .highPrice: ("high_price", "hp")
            case .lowPrice: ("low_price", "lp")
            case .tradePrice: ("trade_price", "tp")
            case .prevClosingPrice: ("prev_closing_price", "pcp")
            case .accTradePrice: ("acc_trade_price", "atp")
            case .change: ("change", "c")
            case .changePrice: ("change_price", "cp")
            case .signedChangePrice: ("signed_change_price", "scp")
            case .changeRate: ("change_rate", "cr")
            case .signedChangeRate: ("signed_change_rate", "scr")
            case .askBid: ("ask_bid", "ab")
            case .tradeVolume: ("trade_volume", "tv")
            case .accTradeVolume: ("acc_trade_volume", "atv")
            case .tradeDate: ("trade_date", "tdt")
            case .tradeTime: ("trade_time", "ttm")
            case .tradeTimestamp: ("trade_timestamp", "ttms")
            case .accAskVolume: ("acc_ask_volume", "aav")
            case .accBidVolume: ("acc_bid_volume", "abv")
            case .highest52WeekPrice: ("highest_52_week_price", "h52wp")
            case .highest52WeekDate: ("highest_52_week_date", "h52wdt")
            case .lowest52WeekPrice: ("lowest_52_week_price", "l52wp")
            case .lowest52WeekDate: ("lowest_52_week_date", "l52wdt")
            case .marketState: ("market_state", "ms")
            case .isTradingSuspended: ("is_trading_suspended", "its")
            case .delistingDate: ("delisting_date", "dd")
            case .marketWarning: ("market_warning", "mw")
            case .timestamp: ("timestamp", "tms")
            case .accTradePrice24h: ("acc_trade_price_24h", "atp24h")
            case .accTradeVolume24h: ("acc_trade_volume_24h", "atv24h")
            case .streamType: ("stream_type", "st")
            }
        }

        func key(simple: Bool) -> AnyCodingKey { AnyCodingKey(simple ? names.simple : names.full) }
    }
}

extension UpbitStreamTicker {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        let simple = container.contains(Field.type.key(simple: true))
        func key(_ field: Field) -> AnyCodingKey { field.key(simple: simple) }
        func number(_ field: Field) throws -> Double { try container.decode(Double.self, forKey: key(field)) }
        func optionalNumber(_ field: Field) throws -> Double {
            try container.decodeIfPresent(Double.self, forKey: key(field)) ?? 0
        }
        func text(_ field: Field) throws -> String {
            try container.decodeIfPresent(String.self, forKey: key(field)) ?? ""
        }

        type = try container.decode(String.self, forKey: key(.type))
        code = try container.decode(String.self, forKey: key(.code))
        openingPrice = try number(.openingPrice)
        highPrice = try number(.highPrice)
        lowPrice = try number(.lowPrice)
        tradePrice = try number(.tradePrice)
        prevClosingPrice = try number(.prevClosingPrice)
        change = try text(.change)
        changePrice = try optionalNumber(.changePrice)
        signedChangePrice = try number(.signedChangePrice)
        changeRate = try optionalNumber(.changeRate)
        signedChangeRate = try number(.signedChangeRate)
        tradeVolume = try optionalNumber(.tradeVolume)
        accTradeVolume = try optionalNumber(.accTradeVolume)
        accTradeVolume24h = try number(.accTradeVolume24h)
        accTradePrice = try optionalNumber(.accTradePrice)
        accTradePrice24h = try number(.accTradePrice24h)
        tradeDate = try text(.tradeDate)
        tradeTime = try text(.tradeTime)
        tradeTimestamp = try container.decodeIfPresent(Int64.self, forKey: key(.tradeTimestamp)) ?? 0
        askBid = try text(.askBid)
        accAskVolume = try optionalNumber(.accAskVolume)
        accBidVolume = try optionalNumber(.accBidVolume)
        highest52WeekPrice = try optionalNumber(.highest52WeekPrice)
        highest52WeekDate = try text(.highest52WeekDate)
        lowest52WeekPrice = try optionalNumber(.lowest52WeekPrice)
        lowest52WeekDate = try text(.lowest52WeekDate)
        marketState = try text(.marketState)
        isTradingSuspended = try container.decodeIfPresent(Bool.self, forKey: key(.isTradingSuspended)) ?? false
        delistingDate = try container.decodeIfPresent(String.self, forKey: key(.delistingDate))
        marketWarning = try text(.marketWarning)
        timestamp = try container.decode(Int64.self, forKey: key(.timestamp))
        streamType = try text(.streamType)
    }

    public func encode(to encoder: any Encoder) throws {
        let format = encoder.userInfo[UpbitStreamFormat.userInfoKey] as? UpbitStreamFormat ?? .default
        let simple = format.isSimple
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        func key(_ field: Field) -> AnyCodingKey { field.key(simple: simple) }
        try container.encode(type, forKey: key(.type))
        try container.encode(code, forKey: key(.code))
        try container.encode(openingPrice, forKey: key(.openingPrice))
        try container.encode(highPrice, forKey: key(.highPrice))
        try container.encode(lowPrice, forKey: key(.lowPrice))
        try container.encode(tradePrice, forKey: key(.tradePrice))
        try container.encode(prevClosingPrice, forKey: key(.prevClosingPrice))
        try container.encode(accTradePrice, forKey: key(.accTradePrice))
        try container.encode(change, forKey: key(.change))
        try container.encode(changePrice, forKey: key(.changePrice))
        try container.encode(signedChangePrice, forKey: key(.signedChangePrice))
        try container.encode(changeRate, forKey: key(.changeRate))
        try container.encode(signedChangeRate, forKey: key(.signedChangeRate))
        try container.encode(askBid, forKey: key(.askBid))
        try container.encode(tradeVolume, forKey: key(.tradeVolume))
        try container.encode(accTradeVolume, forKey: key(.accTradeVolume))
        try container.encode(tradeDate, forKey: key(.tradeDate))
        try container.encode(tradeTime, forKey: key(.tradeTime))
        try container.encode(tradeTimestamp, forKey: key(.tradeTimestamp))
        try container.encode(accAskVolume, forKey: key(.accAskVolume))
        try container.encode(accBidVolume, forKey: key(.accBidVolume))
        try container.encode(highest52WeekPrice, forKey: key(.highest52WeekPrice))
        try container.encode(highest52WeekDate, forKey: key(.highest52WeekDate))
        try container.encode(lowest52WeekPrice, forKey: key(.lowest52WeekPrice))
        try container.encode(lowest52WeekDate, forKey: key(.lowest52WeekDate))
        try container.encode(marketState, forKey: key(.marketState))
        try container.encode(isTradingSuspended, forKey: key(.isTradingSuspended))
        try container.encode(delistingDate, forKey: key(.delistingDate))
        try container.encode(marketWarning, forKey: key(.marketWarning))
        try container.encode(timestamp, forKey: key(.timestamp))
        try container.encode(accTradePrice24h, forKey: key(.accTradePrice24h))
        try container.encode(accTradeVolume24h, forKey: key(.accTradeVolume24h))
        try container.encode(streamType, forKey: key(.streamType))
    }
}

extension UpbitStreamFormat {
    /// The `userInfo` key that tells ``UpbitStreamTicker`` which key names to encode with.
    public static let userInfoKey = CodingUserInfoKey(rawValue: "sise.upbit.streamFormat")!
}
