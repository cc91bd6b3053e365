/// An Upbit API key pair (read-only keys suffice for the wallet status): what signs the JWT of
/// Upbit's keyed endpoints. Never printed.
public struct UpbitKeys: Sendable, Equatable {
    public var accessKey: String
    public var secretKey: String

    /// Keys from their two halves.
    public init(accessKey: String, secretKey: String) {
        self.accessKey = accessKey
        self.secretKey = secretKey
    }

    /// The simulator's own pair: what it signs with and what the app uses against it.
    public static let simulated = UpbitKeys(
        accessKey: "sise-simulated-access-key", secretKey: "sise-simulated-secret-key")
}
