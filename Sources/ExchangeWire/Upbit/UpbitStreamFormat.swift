/// The `format` of an Upbit WebSocket subscription: full key names or abbreviated ones.
public enum UpbitStreamFormat: String, Codable, Sendable, Equatable {
    /// Full key names, as in the REST API (`trade_price`).
    case `default` = "DEFAULT"
    /// Abbreviated key names (`tp`).
    case simple = "SIMPLE"
    /// Full names, several messages batched in one array.
    case jsonList = "JSON_LIST"
    /// Abbreviated names, batched.
    case simpleList = "SIMPLE_LIST"

    /// Whether keys are abbreviated.
    public var isSimple: Bool { self == .simple || self == .simpleList }
}
