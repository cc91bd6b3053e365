import Foundation

/// A JSON value as it travels, for the parts of a screen compared and patched key by key
/// (``BoardPatch``): integers kept whole (a `Duration`'s attoseconds do not fit a `Double`). Not
/// `indirect`: its arrays and objects are references already, and a boxed case was an allocation
/// for every scalar of every screen compared.
public enum JSONValue: Sendable, Equatable, Codable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // The commonest first: a screen's fields are mostly strings and objects.
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(value)
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a JSON value")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The JSON form of `value`, through its `Codable` conformance (``JSONValueEncoder``: no text
    /// between); `null` when it cannot be encoded (a number that is not finite).
    static func of(_ value: some Encodable) -> JSONValue {
        (try? JSONValueEncoder.encode(value)) ?? .null
    }

    /// The keys and values of an object (empty for anything else).
    var members: [String: JSONValue] {
        if case .object(let members) = self { members } else { [:] }
    }
}
