public import MarketFeatures

/// What the server sends a browser tab over `/ws`: one JSON object a message, tagged by `type`.
///
/// On every (re)connect: `hello`, then a `snapshot` of the whole screen (``DashboardScreen``: the
/// board, and the detail or the Watchlist tab when open) with a sequence number; then `patch`es
/// numbered one after another, each only what changed (``DashboardScreenPatch``). A tab that sees a gap in
/// the numbers asks for a resync and gets a new snapshot. A request it cannot take gets an
/// `error`, and the connection stays.
public enum DashboardMessage: Sendable, Equatable, Encodable {
    case hello(protocolVersion: Int, exchange: String)
    case snapshot(sequence: Int, output: DashboardScreen)
    case patch(sequence: Int, changes: DashboardScreenPatch)
    case error(String)

    /// The version of this protocol a page must speak.
    public static let protocolVersion = 5

    private enum CodingKeys: String, CodingKey {
        case type, version, exchange, seq, output, changes, message
    }

    /// The message's JSON: a patch's made from its parts (JSON already) with no encoder, as every
    /// acting tab's every frame is; the others through ``encode(to:)``. `nil` when it cannot be
    /// encoded (a number that is not finite).
    var json: JSONValue? {
        guard case .patch(let sequence, let changes) = self else { return try? JSONValueEncoder.encode(self) }
        return .object([
            CodingKeys.type.rawValue: .string("patch"), CodingKeys.seq.rawValue: .integer(Int64(sequence)),
            CodingKeys.changes.rawValue: changes.json,
        ])
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .hello(let version, let exchange):
            try container.encode("hello", forKey: .type)
            try container.encode(version, forKey: .version)
            try container.encode(exchange, forKey: .exchange)
        case .snapshot(let sequence, let output):
            try container.encode("snapshot", forKey: .type)
            try container.encode(sequence, forKey: .seq)
            try container.encode(output, forKey: .output)
        case .patch(let sequence, let changes):
            try container.encode("patch", forKey: .type)
            try container.encode(sequence, forKey: .seq)
            try container.encode(changes, forKey: .changes)
        case .error(let message):
            try container.encode("error", forKey: .type)
            try container.encode(message, forKey: .message)
        }
    }
}
