public import MarketDomain
public import MarketFeatures

/// What changed from one ``BoardOutput`` to the next, as a browser applies it: each changed field
/// whole, except the rows, which come as the ids in view (only when they changed) and the rows
/// whose cells changed. A field that became empty is named in `cleared`. Applying the patch of
/// `old → new` to `old` gives `new` exactly (``applied(to:)``; the page's `applyPatch` does the
/// same in JavaScript).
public struct BoardPatch: Sendable, Equatable, Codable {
    public var tab: BoardTab?
    public var tabs: [BoardTab]?
    public var searchText: String?
    public var isSearchFocused: Bool?
    public var order: QuoteOrder?
    /// The ids of the rows in view, in order, when they changed.
    public var rowIDs: [MarketID]?
    /// The rows in view that are new or whose cells changed.
    public var rows: [BoardRow]?
    public var rowCount: Int?
    public var firstRowIndex: Int?
    public var selectedRowIndex: Int?
    public var compareRowIDs: [MarketID]?
    public var compareRows: [CompareRow]?
    public var placeholder: String?
    public var status: BoardStatus?
    public var toast: String?
    public var confirmation: String?
    public var isHelpVisible: Bool?
    public var detailMarket: MarketID?
    /// The optional fields that are now absent.
    public var cleared: [OptionalField]?

    /// The fields of ``BoardOutput`` that may be absent.
    public enum OptionalField: String, Sendable, Codable, CaseIterable {
        case selectedRowIndex, placeholder, toast, confirmation, detailMarket
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { self == BoardPatch() }

    public init() {}

    /// The changes from `old` to `new`.
    public init(from old: BoardOutput, to new: BoardOutput) {
        func changed<Value: Equatable>(_ path: KeyPath<BoardOutput, Value>) -> Value? {
            old[keyPath: path] == new[keyPath: path] ? nil : new[keyPath: path]
        }
        tab = changed(\.tab)
        tabs = changed(\.tabs)
        searchText = changed(\.searchText)
        isSearchFocused = changed(\.isSearchFocused)
        order = changed(\.order)
        (rowIDs, rows) = Self.rowChanges(old.rows, new.rows)
        rowCount = changed(\.rowCount)
        firstRowIndex = changed(\.firstRowIndex)
        (compareRowIDs, compareRows) = Self.rowChanges(old.compareRows, new.compareRows)
        status = changed(\.status)
        isHelpVisible = changed(\.isHelpVisible)
        var cleared: [OptionalField] = []
        func optional<Value: Equatable>(_ path: KeyPath<BoardOutput, Value?>, _ field: OptionalField) -> Value? {
            guard old[keyPath: path] != new[keyPath: path] else { return nil }
            if new[keyPath: path] == nil { cleared.append(field) }
            return new[keyPath: path]
        }
        selectedRowIndex = optional(\.selectedRowIndex, .selectedRowIndex)
        placeholder = optional(\.placeholder, .placeholder)
        toast = optional(\.toast, .toast)
        confirmation = optional(\.confirmation, .confirmation)
        detailMarket = optional(\.detailMarket, .detailMarket)
        self.cleared = cleared.isEmpty ? nil : cleared
    }

    /// The ids in view when they changed, and the rows that are new or changed.
    private static func rowChanges<Row: Identifiable & Equatable>(
        _ old: [Row], _ new: [Row]
    ) -> ([Row.ID]?, [Row]?) {
        let ids = new.map(\.id)
        let previous = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let changed = new.filter { previous[$0.id] != $0 }
        return (ids == old.map(\.id) ? nil : ids, changed.isEmpty ? nil : changed)
    }

    /// `old` with these changes.
    public func applied(to old: BoardOutput) -> BoardOutput {
        var new = old
        if let tab { new.tab = tab }
        if let tabs { new.tabs = tabs }
        if let searchText { new.searchText = searchText }
        if let isSearchFocused { new.isSearchFocused = isSearchFocused }
        if let order { new.order = order }
        new.rows = Self.apply(ids: rowIDs, rows: rows, to: old.rows)
        if let rowCount { new.rowCount = rowCount }
        if let firstRowIndex { new.firstRowIndex = firstRowIndex }
        new.compareRows = Self.apply(ids: compareRowIDs, rows: compareRows, to: old.compareRows)
        if let status { new.status = status }
        if let isHelpVisible { new.isHelpVisible = isHelpVisible }
        if let selectedRowIndex { new.selectedRowIndex = selectedRowIndex }
        if let placeholder { new.placeholder = placeholder }
        if let toast { new.toast = toast }
        if let confirmation { new.confirmation = confirmation }
        if let detailMarket { new.detailMarket = detailMarket }
        for field in cleared ?? [] {
            switch field {
            case .selectedRowIndex: new.selectedRowIndex = nil
            case .placeholder: new.placeholder = nil
            case .toast: new.toast = nil
            case .confirmation: new.confirmation = nil
            case .detailMarket: new.detailMarket = nil
            }
        }
        return new
    }

    /// The rows in view after a patch: in `ids`' order (or the old order), each the changed row or the old one.
    private static func apply<Row: Identifiable>(ids: [Row.ID]?, rows: [Row]?, to old: [Row]) -> [Row] {
        guard ids != nil || rows != nil else { return old }
        var byID = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for row in rows ?? [] { byID[row.id] = row }
        return (ids ?? old.map(\.id)).compactMap { byID[$0] }
    }
}
