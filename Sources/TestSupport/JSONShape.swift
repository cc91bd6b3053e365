public import Foundation

/// The shape of a JSON value — its keys and the JSON type of each value — so a test can check
/// that what we encode looks like the docs' payload without comparing the values.
public indirect enum JSONShape: Decodable, Equatable, CustomStringConvertible {
    case object([String: JSONShape])
    case array(JSONShape?)
    case string
    case number
    case bool
    case null

    /// The shape of JSON text.
    public init(json: String) throws {
        self = try JSONDecoder().decode(JSONShape.self, from: Data(json.utf8))
    }

    /// The shape of encoded JSON data.
    public init(data: Data) throws {
        self = try JSONDecoder().decode(JSONShape.self, from: data)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if (try? container.decode(Bool.self)) != nil {
            self = .bool
        } else if (try? container.decode(Double.self)) != nil {
            self = .number
        } else if (try? container.decode(String.self)) != nil {
            self = .string
        } else if let array = try? container.decode([JSONShape].self) {
            self = .array(array.first)
        } else {
            self = .object(try container.decode([String: JSONShape].self))
        }
    }

    public var description: String {
        switch self {
        case .object(let fields):
            "{" + fields.keys.sorted().map { "\($0): \(fields[$0]!)" }.joined(separator: ", ") + "}"
        case .array(let element): "[\(element.map(\.description) ?? "")]"
        case .string: "string"
        case .number: "number"
        case .bool: "bool"
        case .null: "null"
        }
    }
}
