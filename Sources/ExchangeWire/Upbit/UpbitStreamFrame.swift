/// Any frame the Upbit WebSocket sends: a ticker, the `{"status":"UP"}` answer to `PING`, an
/// error (after which the server closes), or a data type this client does not read.
public enum UpbitStreamFrame: Decodable, Sendable, Equatable {
    case ticker(UpbitStreamTicker)
    case status(String)
    case error(UpbitErrorBody.Detail)
    /// A message of another type (trade, orderbook, …), identified by its type name.
    case other(String)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        let type =
            try container.decodeIfPresent(String.self, forKey: AnyCodingKey("type"))
            ?? container.decodeIfPresent(String.self, forKey: AnyCodingKey("ty"))
        if let type {
            self = type == "ticker" ? .ticker(try UpbitStreamTicker(from: decoder)) : .other(type)
        } else if let status = try container.decodeIfPresent(String.self, forKey: AnyCodingKey("status")) {
            self = .status(status)
        } else if let error = try container.decodeIfPresent(UpbitErrorBody.Detail.self, forKey: AnyCodingKey("error")) {
            self = .error(error)
        } else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath, debugDescription: "Neither a typed message, a status nor an error"))
        }
    }
}

/// The `{"status":"UP"}` frame the server sends after a text `PING`, then every 10 s.
public struct UpbitStatusMessage: Codable, Sendable, Equatable {
    public var status: String

    /// The server is up.
    public static let up = UpbitStatusMessage(status: "UP")

    /// Makes a status message.
    public init(status: String) {
        self.status = status
    }
}
