public import MarketDomain

/// What board view models on one ``FrameBeat`` work out alike, worked out once for all of them:
/// the order of a tab (by its settings) and the rows in view (by what each row shows), both for
/// one version of one ``LiveBoard``. Tabs that searched the same text, sorted by the same key or
/// look at the same rows frame together on the beat and read one board frame, so the first one's
/// sort and rows serve the rest. Each is a function of the board at that version and of its key
/// alone: it is kept with them, and given only for equal ones. Only a board's newest version is
/// kept; a view model asking for an older one works alone.
@MainActor
final class SharedBoardWork {
    /// What a tab's order is made from besides the board.
    struct OrderKey: Hashable {
        var tab: BoardTab
        var search: String
        var quoteGroup: String
        var hidesWarned: Bool
        var order: QuoteOrder
        var language: NameLanguage
        /// The favorites, on the Favorites tab (empty on the others, where they play no part).
        var favorites: [MarketID]
    }

    /// What one row in view shows besides its market's ticker and moves.
    struct RowKey: Hashable {
        var id: MarketID
        var flash: ChangeDirection?
        var isFavorite: Bool
        var isSelected: Bool
    }

    /// The rows in view, in order, and the language their names are in.
    struct RowsKey: Hashable {
        var rows: [RowKey]
        var language: NameLanguage
    }

    /// One board's work at one version.
    private struct Work {
        /// The board, to tell it from a later one at the same address.
        weak var board: LiveBoard?
        var version: UInt64
        var orders: [OrderKey: [MarketID]] = [:]
        var rows: [RowsKey: [BoardRow]] = [:]
    }

    private var work: [ObjectIdentifier: Work] = [:]

    nonisolated init() {}

    /// The order for `key` on `board` at `version`: made by `sorting` once, then shared.
    func order(
        of board: LiveBoard, version: UInt64, key: OrderKey, sorting: () -> [MarketID]
    ) -> [MarketID] {
        shared(\.orders, of: board, version: version, key: key, making: sorting)
    }

    /// The rows in view for `key` on `board` at `version`: made by `formatting` once, then shared.
    func rows(
        of board: LiveBoard, version: UInt64, key: RowsKey, formatting: () -> [BoardRow]
    ) -> [BoardRow] {
        shared(\.rows, of: board, version: version, key: key, making: formatting)
    }

    /// The value under `key` in one of the work's tables for `board` at `version`: made once,
    /// then kept; made alone for an older version than the one kept.
    private func shared<Key: Hashable, Value>(
        _ table: WritableKeyPath<Work, [Key: Value]>, of board: LiveBoard, version: UInt64, key: Key,
        making: () -> Value
    ) -> Value {
        guard let found = entries(of: board, version: version) else { return making() }
        if let value = found[keyPath: table][key] { return value }
        let value = making()
        work[ObjectIdentifier(board)]?[keyPath: table][key] = value
        return value
    }

    /// The work kept for `board` at `version` (a newer version lets the older go); `nil` for an
    /// older version than the one kept.
    private func entries(of board: LiveBoard, version: UInt64) -> Work? {
        let id = ObjectIdentifier(board)
        if let kept = work[id], kept.board === board, kept.version >= version {
            return kept.version == version ? kept : nil
        }
        let fresh = Work(board: board, version: version)
        work[id] = fresh
        return fresh
    }

    /// How many orders and row lists are kept, over every board.
    var count: Int { work.values.reduce(0) { $0 + $1.orders.count + $1.rows.count } }
}
