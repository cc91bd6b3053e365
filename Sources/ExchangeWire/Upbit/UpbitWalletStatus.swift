/// One currency and network of Upbit's `GET /v1/status/wallet` (exchange-apis.md §9.2), which
/// needs a key: `wallet_state` says what the wallet takes (`working`, `withdraw_only`,
/// `deposit_only`, `paused`, `unsupported`), `block_state` how its chain keeps up. Upbit warns it
/// can lag by minutes.
public struct UpbitWalletStatusDTO: Codable, Sendable, Equatable {
    public var currency: String
    public var walletState: String
    public var blockState: String?
    public var blockHeight: Int64?
    public var blockUpdatedAt: String?
    public var blockElapsedMinutes: Int?
    public var netType: String?
    public var networkName: String?

    /// A row from its fields.
    public init(
        currency: String, walletState: String, blockState: String? = "normal", blockHeight: Int64? = nil,
        blockUpdatedAt: String? = nil, blockElapsedMinutes: Int? = nil, netType: String? = nil,
        networkName: String? = nil
    ) {
        self.currency = currency
        self.walletState = walletState
        self.blockState = blockState
        self.blockHeight = blockHeight
        self.blockUpdatedAt = blockUpdatedAt
        self.blockElapsedMinutes = blockElapsedMinutes
        self.netType = netType
        self.networkName = networkName
    }

    enum CodingKeys: String, CodingKey {
        case currency
        case walletState = "wallet_state"
        case blockState = "block_state"
        case blockHeight = "block_height"
        case blockUpdatedAt = "block_updated_at"
        case blockElapsedMinutes = "block_elapsed_minutes"
        case netType = "net_type"
        case networkName = "network_name"
    }

    /// The path.
    public static let path = "/v1/status/wallet"

    /// Whether the wallet takes deposits and lets coins be withdrawn, from `wallet_state` (an
    /// unknown state is taken as neither).
    public var takes: (deposit: Bool, withdrawal: Bool) {
        switch walletState {
        case "working": (true, true)
        case "withdraw_only": (false, true)
        case "deposit_only": (true, false)
        default: (false, false)
        }
    }

    /// The `wallet_state` of a wallet that takes these.
    public static func state(deposit: Bool, withdrawal: Bool) -> String {
        switch (deposit, withdrawal) {
        case (true, true): "working"
        case (false, true): "withdraw_only"
        case (true, false): "deposit_only"
        case (false, false): "paused"
        }
    }
}
