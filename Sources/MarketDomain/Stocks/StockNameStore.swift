/// Where the English names of KRX stocks are kept once a source gave them (KIS's `search-info`,
/// Yahoo's `longName`), as closures: the store in use, memory in tests. The KRX list itself has
/// Korean names only, so these are what lets `sams` find 삼성전자.
public struct StockNameStore: Sendable {
    /// Every English name known, by stock code.
    public var load: @Sendable () throws -> [String: String]
    /// Keeps the English name of one stock.
    public var save: @Sendable (_ code: String, _ englishName: String) throws -> Void

    /// Makes a store.
    public init(
        load: @escaping @Sendable () throws -> [String: String],
        save: @escaping @Sendable (_ code: String, _ englishName: String) throws -> Void
    ) {
        self.load = load
        self.save = save
    }

    /// A store that keeps nothing.
    public static let none = StockNameStore(load: { [:] }, save: { _, _ in })
}
