/// Upbit's error body, `{"error":{"name":404,"message":"Code not found"}}`, on REST and WebSocket.
///
/// `name` is a number for 400 and 404, a string for gateway and auth errors (§1.4).
public struct UpbitErrorBody: Codable, Sendable, Equatable {
    /// The `error` object.
    public var error: Detail

    /// The error's name and message.
    public struct Detail: Codable, Sendable, Equatable {
        /// The error's name: an HTTP status number or a string such as `not_found`.
        public var name: Name
        /// A human-readable message.
        public var message: String

        /// Makes an error detail.
        public init(name: Name, message: String) {
            self.name = name
            self.message = message
        }
    }

    /// An error name that is either a number or a string on the wire.
    public enum Name: Codable, Sendable, Equatable, CustomStringConvertible {
        case number(Int)
        case text(String)

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int.self) {
                self = .number(number)
            } else {
                self = .text(try container.decode(String.self))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .number(let number): try container.encode(number)
            case .text(let text): try container.encode(text)
            }
        }

        public var description: String {
            switch self {
            case .number(let number): String(number)
            case .text(let text): text
            }
        }
    }

    /// Makes an error body.
    public init(name: Name, message: String) {
        error = Detail(name: name, message: message)
    }

    /// 404 for an unknown market code.
    public static let codeNotFound = UpbitErrorBody(name: .number(404), message: "Code not found")
    /// 400 for a missing parameter.
    public static let missingParameter = UpbitErrorBody(
        name: .number(400), message: "Missing request parameter error. Check the required parameters!")
    /// 400 for a parameter with a bad value.
    public static let invalidParameter = UpbitErrorBody(
        name: .number(400), message: "Invalid parameter. Check the given value!")
    /// 404 from the gateway for an unknown path.
    public static let noRoute = UpbitErrorBody(name: .text("not_found"), message: "no Route matched with those values")
}
