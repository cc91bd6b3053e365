/// A `transaction` message of Bithumb's legacy WebSocket (exchange-apis.md §2.2):
/// `{"type":"transaction","content":{"list":[{"symbol":"BTC_KRW","buySellGb":"1",…}]}}`.
public struct BithumbLegacyStreamTransactions: Codable, Sendable, Equatable {
    public var type: String
    public var content: Content

    public struct Content: Codable, Sendable, Equatable {
        public var list: [Trade]
    }

    /// One trade: `buySellGb` `1` a sell (매도체결), `2` a buy (매수체결); `contDtm` KST to the
    /// microsecond; `updn` `up` or `dn` against the trade before.
    public struct Trade: Codable, Sendable, Equatable {
        public var symbol: String
        public var buySellGb: String
        public var contPrice: WireDecimal
        public var contQty: WireDecimal
        public var contAmt: WireDecimal
        public var contDtm: String
        public var updn: String

        public init(
            symbol: String, buySellGb: String, contPrice: WireDecimal, contQty: WireDecimal, contAmt: WireDecimal,
            contDtm: String, updn: String
        ) {
            self.symbol = symbol
            self.buySellGb = buySellGb
            self.contPrice = contPrice
            self.contQty = contQty
            self.contAmt = contAmt
            self.contDtm = contDtm
            self.updn = updn
        }
    }

    public init(list: [Trade]) {
        type = "transaction"
        content = Content(list: list)
    }
}

/// An `orderbookdepth` message: the levels of one pair's book that changed (a quantity of 0
/// removing one), `total` the orders standing there, `datetime` Unix µs.
public struct BithumbLegacyStreamDepth: Codable, Sendable, Equatable {
    public var type: String
    public var content: Content

    public struct Content: Codable, Sendable, Equatable {
        public var list: [Level]
        public var datetime: Int64
    }

    public struct Level: Codable, Sendable, Equatable {
        public var symbol: String
        /// `bid` or `ask`.
        public var orderType: String
        public var price: WireDecimal
        public var quantity: WireDecimal
        public var total: String

        public init(symbol: String, orderType: String, price: WireDecimal, quantity: WireDecimal, total: String) {
            self.symbol = symbol
            self.orderType = orderType
            self.price = price
            self.quantity = quantity
            self.total = total
        }
    }

    public init(list: [Level], datetime: Int64) {
        type = "orderbookdepth"
        content = Content(list: list, datetime: datetime)
    }
}

/// An `orderbooksnapshot` message: one pair's whole book, `[price, quantity]` pairs best first,
/// `datetime` Unix µs as a string.
public struct BithumbLegacyStreamSnapshot: Codable, Sendable, Equatable {
    public var type: String
    public var content: Content

    public struct Content: Codable, Sendable, Equatable {
        public var symbol: String
        public var datetime: String
        public var asks: [[WireDecimal]]
        public var bids: [[WireDecimal]]
    }

    public init(symbol: String, datetime: Int64, asks: [[WireDecimal]], bids: [[WireDecimal]]) {
        type = "orderbooksnapshot"
        content = Content(symbol: symbol, datetime: String(datetime), asks: asks, bids: bids)
    }
}
