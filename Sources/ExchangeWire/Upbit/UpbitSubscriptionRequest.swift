/// The request a client sends on the Upbit WebSocket: one JSON array of a ticket object, one or
/// more type objects and an optional format object (exchange-apis.md §1.6).
///
/// `[{"ticket":"…"},{"type":"ticker","codes":["KRW-BTC"]},{"format":"DEFAULT"}]`
public struct UpbitSubscriptionRequest: Codable, Sendable, Equatable {
    /// A name for the request, any unique string.
    public var ticket: String
    /// What to subscribe to.
    public var types: [Subscription]
    /// The message format; DEFAULT when absent.
    public var format: UpbitStreamFormat?

    /// One type object: a data type and the market codes wanted.
    public struct Subscription: Codable, Sendable, Equatable {
        /// `ticker`, `trade`, `orderbook`, …
        public var type: String
        /// Upper-case market codes; unknown ones are silently ignored by the server.
        public var codes: [String]
        /// Only the current state, then nothing.
        public var isOnlySnapshot: Bool?
        /// Only live updates, no current state first.
        public var isOnlyRealtime: Bool?
        /// An `orderbook`'s grouping unit (호가 모아보기, §9.5); 0 or absent for none.
        public var level: Double?

        /// Makes a type object.
        public init(
            type: String, codes: [String], isOnlySnapshot: Bool? = nil, isOnlyRealtime: Bool? = nil,
            level: Double? = nil
        ) {
            self.type = type
            self.codes = codes
            self.isOnlySnapshot = isOnlySnapshot
            self.isOnlyRealtime = isOnlyRealtime
            self.level = level
        }

        enum CodingKeys: String, CodingKey {
            case type, codes, level
            case isOnlySnapshot = "is_only_snapshot"
            case isOnlyRealtime = "is_only_realtime"
        }
    }

    /// Makes a request.
    public init(ticket: String, types: [Subscription], format: UpbitStreamFormat? = nil) {
        self.ticket = ticket
        self.types = types
        self.format = format
    }

    /// Why the server refused a request, named as Upbit names its error frames.
    public enum Problem: String, Error, Sendable {
        case wrongFormat = "WRONG_FORMAT"
        case noTicket = "NO_TICKET"
        case noType = "NO_TYPE"
        case noCodes = "NO_CODES"
    }

    public func encode(to encoder: any Encoder) throws {
        var array = encoder.unkeyedContainer()
        try array.encode(["ticket": ticket])
        for subscription in types { try array.encode(subscription) }
        if let format { try array.encode(["format": format.rawValue]) }
    }

    /// How a server spells the options `is_only_snapshot` and `is_only_realtime`: Upbit in snake
    /// case, Bithumb in camel case (`isOnlySnapshot`), each ignoring the other's spelling (§2.4).
    public enum OptionSpelling: Sendable {
        case snakeCase
        case camelCase

        /// The decoder `userInfo` key that selects the spelling (snake case when absent).
        public static let userInfoKey = CodingUserInfoKey(rawValue: "sise.optionSpelling")!
    }

    public init(from decoder: any Decoder) throws {
        let spelling = decoder.userInfo[OptionSpelling.userInfoKey] as? OptionSpelling ?? .snakeCase
        let snapshotKey = AnyCodingKey(spelling == .snakeCase ? "is_only_snapshot" : "isOnlySnapshot")
        let realtimeKey = AnyCodingKey(spelling == .snakeCase ? "is_only_realtime" : "isOnlyRealtime")
        var array = try decoder.unkeyedContainer()
        var ticket: String?
        var types: [Subscription] = []
        var format: UpbitStreamFormat?
        while !array.isAtEnd {
            let object = try array.nestedContainer(keyedBy: AnyCodingKey.self)
            if object.contains(AnyCodingKey("ticket")) {
                ticket = try object.decode(String.self, forKey: AnyCodingKey("ticket"))
            } else if object.contains(AnyCodingKey("type")) {
                let type = try object.decode(String.self, forKey: AnyCodingKey("type"))
                guard object.contains(AnyCodingKey("codes")) else { throw Problem.noCodes }
                let codes = try object.decode([String].self, forKey: AnyCodingKey("codes"))
                let snapshot = try object.decodeIfPresent(Bool.self, forKey: snapshotKey)
                let realtime = try object.decodeIfPresent(Bool.self, forKey: realtimeKey)
                let level = try object.decodeIfPresent(Double.self, forKey: AnyCodingKey("level"))
                types.append(
                    Subscription(
                        type: type, codes: codes, isOnlySnapshot: snapshot, isOnlyRealtime: realtime, level: level))
            } else if object.contains(AnyCodingKey("format")) {
                let name = try object.decode(String.self, forKey: AnyCodingKey("format"))
                guard let known = UpbitStreamFormat(rawValue: name) else { throw Problem.wrongFormat }
                format = known
            }
        }
        guard let ticket else { throw Problem.noTicket }
        guard !types.isEmpty else { throw Problem.noType }
        self.init(ticket: ticket, types: types, format: format)
    }
}
