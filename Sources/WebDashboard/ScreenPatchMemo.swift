import MarketDomain
import MarketFeatures

/// The parts of screen patches that tabs with view models of their own have in common, worked
/// out once for all of them: tabs framed on one beat mostly show the same rows, so a row's change
/// from one frame to the next is the same for many of them (``BoardPatch``); tabs on one coin's
/// detail show the same book, trades and chart, though seldom the same detail whole (each follows
/// its feed on its own), so the values a detail's merge patch writes whole are kept by value
/// (``EncodedValueMemo``) and its chart by what it is laid out from (``PriceChartLayouts``). Each is
/// a function of the values it is made from and nothing else: it is kept with them, and given
/// again only for values equal to them.
final class ScreenPatchMemo {
    /// A board row's change (its merge patch with its id, or the row whole), by its id.
    let rows = ChangeMemo<MarketID, BoardRow, JSONValue?>(depth: 2, keys: 8_192)
    /// A Compare row's, the same way.
    let compareRows = ChangeMemo<MarketID, CompareRow, JSONValue?>(depth: 2, keys: 8_192)
    /// The change of the rows in view as a whole, by the two lists: tabs alike on one beat show
    /// the very same lists (their view models share them), told apart at a glance.
    let rowLists = ChangeMemo<Int, [BoardRow], BoardPatch.RowChanges>(depth: 16, keys: 1)
    /// The change of a board's fields other than its rows (the status, the search, the order),
    /// by the two outputs without their rows: tabs alike on one beat count and show the same.
    let fields = ChangeMemo<Int, BoardOutput, JSONValue?>(depth: 16, keys: 1)
    /// The JSON of the values a merge patch writes whole (a book's levels, the trades).
    let values = EncodedValueMemo(depth: 32)
    /// The price charts laid out lately.
    let priceCharts = PriceChartLayouts(depth: 16)

    init() {}
}

/// Changes from one value to another already made, by a key: the latest `depth` pairs of values a
/// key had, each with its change, for at most `keys` keys (past that, all are let go and kept
/// anew). Not `Sendable`: one isolation uses it (the server's main actor).
final class ChangeMemo<Key: Hashable, Value: Equatable, Change> {
    private struct Entry {
        var old: Value?
        var new: Value
        var change: Change
    }

    private var entries: [Key: [Entry]] = [:]
    private let depth: Int
    private let keys: Int

    init(depth: Int, keys: Int) {
        self.depth = depth
        self.keys = keys
    }

    /// The change from `old` (`nil`: none before) to `new` under `key`: one made for an equal pair
    /// before, or `making()`'s, kept for the next.
    func change(at key: Key, from old: Value?, to new: Value, making: () -> Change) -> Change {
        if let found = entries[key]?.last(where: { $0.new == new && $0.old == old }) { return found.change }
        let change = making()
        if entries[key] == nil, entries.count >= keys { entries.removeAll(keepingCapacity: true) }
        if let count = entries[key]?.count, count >= depth { entries[key]?.removeFirst(count - depth + 1) }
        entries[key, default: []].append(Entry(old: old, new: new, change: change))
        return change
    }

    /// How many pairs are kept, over every key.
    var count: Int { entries.values.reduce(0) { $0 + $1.count } }
}
