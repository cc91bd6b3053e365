/// A value encoded with more string fields beside its own: how the simulator sends the many
/// fields of a KIS reply that Sise's decoders do not read but real clients expect present.
public struct WithExtraFields<Base: Encodable & Sendable>: Encodable, Sendable {
    public var base: Base
    /// Field names and their string values; a name the base already writes is skipped.
    public var extra: [(String, String)]

    /// Wraps a value.
    public init(_ base: Base, extra: [(String, String)]) {
        self.base = base
        self.extra = extra
    }

    public func encode(to encoder: any Encoder) throws {
        try base.encode(to: encoder)
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        for (name, value) in extra { try container.encode(value, forKey: AnyCodingKey(name)) }
    }
}
