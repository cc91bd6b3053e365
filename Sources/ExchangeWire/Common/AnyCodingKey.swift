/// A coding key made from any string, for payloads whose keys depend on a format or a variant.
public struct AnyCodingKey: CodingKey, Hashable, Sendable {
    public let stringValue: String
    public let intValue: Int?

    /// A key with this name.
    public init(_ name: String) {
        stringValue = name
        intValue = nil
    }

    public init?(stringValue: String) {
        self.init(stringValue)
    }

    public init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}
