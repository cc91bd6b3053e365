/// A KIS token kept between runs (in a file only the user can read), with its expiry in Unix ms.
public struct KISCachedToken: Sendable, Equatable, Codable {
    /// Which app key it belongs to (a hash of it, never the key itself).
    public var appKeyHash: String
    public var token: String
    public var expires: Int64

    /// Makes a cached token.
    public init(appKeyHash: String, token: String, expires: Int64) {
        self.appKeyHash = appKeyHash
        self.token = token
        self.expires = expires
    }
}

/// Where a KIS token is kept between runs, as closures (a 0600 file in use, memory in tests).
public struct KISTokenStore: Sendable {
    public var load: @Sendable () -> KISCachedToken?
    public var save: @Sendable (KISCachedToken) -> Void

    /// Makes a store.
    public init(load: @escaping @Sendable () -> KISCachedToken?, save: @escaping @Sendable (KISCachedToken) -> Void) {
        self.load = load
        self.save = save
    }

    /// A store that keeps nothing.
    public static let none = KISTokenStore(load: { nil }, save: { _ in })
}
