/// One subscribe or unsubscribe request on Korbit's v2 WebSocket; the message is always an array
/// of these (exchange-apis.md §3.6): `[{"method":"subscribe","type":"ticker","symbols":["btc_krw"]}]`.
public struct KorbitSubscription: Codable, Sendable, Equatable {
    /// `subscribe` or `unsubscribe`.
    public var method: String
    /// `ticker`, `orderbook` or `trade`.
    public var type: String
    /// Lower-case pairs.
    public var symbols: [String]
    /// When given, the server acknowledges with `{"status":"success","requestId":…}`.
    public var requestId: Int?

    /// Makes a request.
    public init(method: String = "subscribe", type: String = "ticker", symbols: [String], requestId: Int? = nil) {
        self.method = method
        self.type = type
        self.symbols = symbols
        self.requestId = requestId
    }
}

/// A `ticker` message of Korbit's v2 WebSocket: the pair, the server's send time, `snapshot` on
/// the first after a subscribe (left out afterwards), and the REST ticker's fields as `data`.
public struct KorbitStreamTicker: Codable, Sendable, Equatable {
    public var symbol: String
    /// When the server sent it, Unix ms.
    public var timestamp: Int64
    public var type: String
    /// `true` on the first message after a subscribe; absent (or false) on live ones.
    public var snapshot: Bool?
    public var data: KorbitTickerDTO

    /// Makes a message.
    public init(symbol: String, timestamp: Int64, snapshot: Bool?, data: KorbitTickerDTO) {
        self.symbol = symbol
        self.timestamp = timestamp
        type = "ticker"
        self.snapshot = snapshot
        self.data = data
    }
}

/// A control message of Korbit's v2 WebSocket: `{"status":"success","requestId":1}`,
/// `{"status":"fail","code":"INVALID_SYMBOL","message":"…"}` or `{"status":"error","message":"…"}`.
public struct KorbitStreamStatus: Codable, Sendable, Equatable {
    /// `success`, `fail` or `error`.
    public var status: String
    public var requestId: Int?
    public var code: String?
    public var message: String?

    /// Makes a control message.
    public init(status: String, requestId: Int? = nil, code: String? = nil, message: String? = nil) {
        self.status = status
        self.requestId = requestId
        self.code = code
        self.message = message
    }
}

/// Any frame of Korbit's v2 WebSocket, told apart by its keys.
public enum KorbitStreamFrame: Decodable, Sendable, Equatable {
    /// A ticker message.
    case ticker(KorbitStreamTicker)
    /// A control message (acknowledgement or failure).
    case status(KorbitStreamStatus)
    /// Another data type (orderbook, trade) this app does not read.
    case other(type: String)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        if container.contains(AnyCodingKey("status")) {
            self = .status(try KorbitStreamStatus(from: decoder))
            return
        }
        let type = try container.decode(String.self, forKey: AnyCodingKey("type"))
        self = type == "ticker" ? .ticker(try KorbitStreamTicker(from: decoder)) : .other(type: type)
    }
}
