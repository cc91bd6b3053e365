public import MarketDomain

/// Bithumb's legacy WebSocket (`wss://pubwss.bithumb.com/pub/ws`, exchange-apis.md §2.2): one
/// subscribe object, `{"type":"ticker","symbols":["BTC_KRW"],"tickTypes":["24H"]}`.
public struct BithumbLegacySubscription: Codable, Sendable, Equatable {
    /// `ticker`, `transaction`, `orderbookdepth` or `orderbooksnapshot`.
    public var type: String
    /// Pairs in `BASE_QUOTE` form.
    public var symbols: [String]
    /// For tickers: `30M`, `1H`, `12H`, `24H` or `MID` (since midnight KST).
    public var tickTypes: [String]?

    /// Makes a subscription.
    public init(type: String = "ticker", symbols: [String], tickTypes: [String]? = ["24H"]) {
        self.type = type
        self.symbols = symbols
        self.tickTypes = tickTypes
    }

    /// The legacy WebSocket path.
    public static let path = "/pub/ws"
}

/// A status message of the legacy WebSocket: `{"status":"0000","resmsg":"Connected Successfully"}`.
public struct BithumbLegacyStreamStatus: Codable, Sendable, Equatable {
    public var status: String
    public var resmsg: String

    /// Makes a status.
    public init(status: String, resmsg: String) {
        self.status = status
        self.resmsg = resmsg
    }

    /// Sent on connect.
    public static let connected = BithumbLegacyStreamStatus(status: "0000", resmsg: "Connected Successfully")
    /// Sent for a valid subscription.
    public static let registered = BithumbLegacyStreamStatus(status: "0000", resmsg: "Filter Registered Successfully")
    /// Sent for a malformed one.
    public static let invalidFilter = BithumbLegacyStreamStatus(status: "5100", resmsg: "Invalid Filter Syntax")
}

/// A ticker message of the legacy WebSocket: every value a string, date and time in KST.
public struct BithumbLegacyStreamTicker: Codable, Sendable, Equatable {
    public var type: String
    public var content: Content

    /// The ticker itself.
    public struct Content: Codable, Sendable, Equatable {
        public var symbol: String
        public var tickType: String
        /// KST `yyyyMMdd` and `HHmmss`.
        public var date: String
        public var time: String
        public var openPrice: WireDecimal
        public var closePrice: WireDecimal
        public var lowPrice: WireDecimal
        public var highPrice: WireDecimal
        public var value: WireDecimal
        public var volume: WireDecimal
        public var sellVolume: WireDecimal
        public var buyVolume: WireDecimal
        public var prevClosePrice: WireDecimal
        /// In percent.
        public var chgRate: WireDecimal
        public var chgAmt: WireDecimal
        public var volumePower: WireDecimal

        /// Makes a ticker.
        public init(
            symbol: String, tickType: String, date: String, time: String, openPrice: WireDecimal,
            closePrice: WireDecimal, lowPrice: WireDecimal, highPrice: WireDecimal, value: WireDecimal,
            volume: WireDecimal, sellVolume: WireDecimal, buyVolume: WireDecimal, prevClosePrice: WireDecimal,
            chgRate: WireDecimal, chgAmt: WireDecimal, volumePower: WireDecimal
        ) {
            self.symbol = symbol
            self.tickType = tickType
            self.date = date
            self.time = time
            self.openPrice = openPrice
            self.closePrice = closePrice
            self.lowPrice = lowPrice
            self.highPrice = highPrice
            self.value = value
            self.volume = volume
            self.sellVolume = sellVolume
            self.buyVolume = buyVolume
            self.prevClosePrice = prevClosePrice
            self.chgRate = chgRate
            self.chgAmt = chgAmt
            self.volumePower = volumePower
        }
    }

    /// Makes a message.
    public init(content: Content) {
        type = "ticker"
        self.content = content
    }
}

extension BithumbLegacyStreamTicker {
    /// The domain ticker (the pair `BTC_KRW` as `KRW-BTC`, the KST date and time as Unix ms); `nil`
    /// when the pair or a price cannot be read.
    public func toDomain() -> Ticker? {
        let parts = content.symbol.uppercased().split(separator: "_")
        guard parts.count == 2, let id = MarketID("\(parts[1])-\(parts[0])"), let price = content.closePrice.value,
            let open = content.openPrice.value, let high = content.highPrice.value, let low = content.lowPrice.value,
            let kst = UpbitTime.unixMilliseconds(compactDate: content.date, compactTime: content.time)
        else { return nil }
        let previous = content.prevClosePrice.value ?? open
        return Ticker(
            marketID: id, price: price, changePrice: content.chgAmt.value ?? price - previous,
            changeRate: (content.chgRate.value ?? 0) / 100, volume24h: content.volume.value ?? 0,
            tradeValue24h: content.value.value ?? 0, open: open, high: high, low: low, previousClose: previous,
            timestamp: kst - UpbitTime.kstOffsetMilliseconds)
    }
}
