public import MarketDomain

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The tabs of the board (SPEC §1.5).
public enum BoardTab: String, Sendable, Hashable, Codable, CaseIterable {
    case market
    case favorites
    case compare
    case watchlist
    case alerts

    /// The tab's title on the tab bar.
    public var title: String {
        switch self {
        case .market: "Market"
        case .favorites: "Favorites"
        case .compare: "Compare"
        case .watchlist: "Watchlist"
        case .alerts: "Alerts"
        }
    }
}

/// What a person chose on the board that should survive a restart: the tab, and each tab's sort
/// and search. Kept in the preference store as JSON under `board.<exchange>`.
public struct BoardSettings: Sendable, Hashable, Codable {
    public var tab: BoardTab
    public var orders: [BoardTab: QuoteOrder]
    public var searches: [BoardTab: String]

    /// Makes settings; by default the Market tab sorted by trade value with no search.
    public init(tab: BoardTab = .market, orders: [BoardTab: QuoteOrder] = [:], searches: [BoardTab: String] = [:]) {
        self.tab = tab
        self.orders = orders
        self.searches = searches
    }

    /// The order of a tab (trade value, descending, until chosen).
    public func order(for tab: BoardTab) -> QuoteOrder { orders[tab] ?? Self.defaultOrder(for: tab) }

    /// A tab's order before any is chosen: the 24h trade value, but Compare's by the premium
    /// (what a 김프 watcher opens it for), the highest first.
    public static func defaultOrder(for tab: BoardTab) -> QuoteOrder {
        tab == .compare ? QuoteOrder(key: .change, direction: .descending) : .standard
    }
    /// The search text of a tab.
    public func search(for tab: BoardTab) -> String { searches[tab] ?? "" }

    /// The preference-store key of an exchange's board settings.
    static func key(_ exchange: Exchange) -> String { "board.\(exchange.rawValue)" }
}

extension PreferenceStore {
    /// The board settings last saved for an exchange; settings from an older or damaged file read
    /// as none (the board starts fresh), a failing store throws.
    public func boardSettings(_ exchange: Exchange) throws -> BoardSettings? {
        guard let json = try setting(BoardSettings.key(exchange)) else { return nil }
        return try? JSONDecoder().decode(BoardSettings.self, from: Data(json.utf8))
    }

    /// Saves the board settings of an exchange.
    public func saveBoardSettings(_ exchange: Exchange, _ settings: BoardSettings) throws {
        let data = try JSONEncoder().encode(settings)
        try saveSetting(BoardSettings.key(exchange), String(decoding: data, as: UTF8.self))
    }
}
