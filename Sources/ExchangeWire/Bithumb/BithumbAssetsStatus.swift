/// Bithumb's deposit and withdrawal status of every coin (exchange-apis.md §9.2), no key needed:
/// `GET /public/assetsstatus/ALL` (or `/{currency}`) →
/// `{"status":"0000","data":{"BTC":{"deposit_status":1,"withdrawal_status":1},…}}`, 1 open, 0
/// suspended; one coin's reply has its flags directly under `data`.
public struct BithumbAssetsStatus: Codable, Sendable, Equatable {
    /// One coin's flags.
    public struct Flags: Codable, Sendable, Equatable {
        public var depositStatus: Int
        public var withdrawalStatus: Int

        /// Flags from their values (1 open, 0 suspended).
        public init(depositStatus: Int, withdrawalStatus: Int) {
            self.depositStatus = depositStatus
            self.withdrawalStatus = withdrawalStatus
        }

        enum CodingKeys: String, CodingKey {
            case depositStatus = "deposit_status"
            case withdrawalStatus = "withdrawal_status"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            depositStatus = try Self.flag(container, .depositStatus)
            withdrawalStatus = try Self.flag(container, .withdrawalStatus)
        }

        /// A flag sent as a number or as a string of one.
        private static func flag(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> Int {
            if let number = try? container.decode(Int.self, forKey: key) { return number }
            let text = try container.decode(String.self, forKey: key)
            guard let number = Int(text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "\(key.stringValue) is not 0 or 1: \(text)")
            }
            return number
        }
    }

    /// `"0000"` on success.
    public var status: String
    /// The coins' flags by symbol (the `ALL` reply).
    public var data: [String: Flags]

    /// A reply of these coins.
    public init(status: String = "0000", data: [String: Flags]) {
        self.status = status
        self.data = data
    }

    /// One coin's reply: its flags directly under `data`.
    public struct One: Codable, Sendable, Equatable {
        public var status: String
        public var data: Flags

        /// A reply of one coin's flags.
        public init(status: String = "0000", data: Flags) {
            self.status = status
            self.data = data
        }
    }

    /// The path of every coin's status.
    public static let pathAll = "/public/assetsstatus/ALL"
    /// The path of one coin's.
    public static func path(_ currency: String) -> String { "/public/assetsstatus/\(currency)" }
}
