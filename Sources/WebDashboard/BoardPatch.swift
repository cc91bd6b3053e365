import Foundation
public import MarketDomain
public import MarketFeatures

/// What changed from one ``BoardOutput`` to the next, as a browser applies it, derived from the
/// output's `Codable` form and nothing else: every top-level field whose JSON changed travels as
/// a JSON merge patch (``fields``: an object such as the status key by key, down to the values
/// that changed; anything else whole), the rows by id (their ids in view only when they moved, and the rows that
/// are new or changed), and the fields now absent are named in `cleared`. A field added to
/// ``BoardOutput`` needs no code here and none in the page (`board.js` applies any key). Applying
/// the patch of `old → new` to `old` gives `new` exactly (``applied(to:)``; the page's
/// `applyPatch` does the same in JavaScript).
public struct BoardPatch: Sendable, Equatable, Codable {
    /// The changed fields other than the rows, each as a merge patch (RFC 7386) of its old value,
    /// by its key in the output's JSON.
    public var fields: [String: JSONValue] = [:]
    /// The ids of the rows in view, in order, when they changed.
    public var rowIDs: [MarketID]?
    /// The rows in view that are new or whose cells changed.
    public var rows: [BoardRow]?
    public var compareRowIDs: [MarketID]?
    public var compareRows: [CompareRow]?
    /// The fields that are now absent (optional fields that became `nil`).
    public var cleared: [String]?

    /// The keys of the rows, patched by id rather than whole.
    private static let rowKeys: Set<String> = ["rows", "compareRows"]

    /// Whether nothing changed.
    public var isEmpty: Bool { self == BoardPatch() }

    public init() {}

    /// The changes from `old` to `new`.
    public init(from old: BoardOutput, to new: BoardOutput) {
        (rowIDs, rows) = Self.rowChanges(old.rows, new.rows)
        (compareRowIDs, compareRows) = Self.rowChanges(old.compareRows, new.compareRows)
        // Most frames move rows alone: the other fields' JSON is made only when they differ.
        guard Self.withoutRows(old) != Self.withoutRows(new) else { return }
        let before = Self.fieldsOf(old)
        let after = Self.fieldsOf(new)
        for (key, value) in after where !Self.rowKeys.contains(key) {
            guard let previous = before[key] else {
                fields[key] = value
                continue
            }
            if let change = DashboardScreenPatch.mergePatch(from: previous, to: value) { fields[key] = change }
        }
        let gone = before.keys.filter { after[$0] == nil && !Self.rowKeys.contains($0) }.sorted()
        cleared = gone.isEmpty ? nil : gone
    }

    /// The output without its rows (they are patched by id, and are most of its bytes).
    private static func withoutRows(_ output: BoardOutput) -> BoardOutput {
        var fields = output
        fields.rows = []
        fields.compareRows = []
        return fields
    }

    /// The output's fields as JSON, its rows left out.
    private static func fieldsOf(_ output: BoardOutput) -> [String: JSONValue] {
        JSONValue.of(withoutRows(output)).members.filter { !rowKeys.contains($0.key) }
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

    /// `old` with these changes (`old` itself when they cannot be read back into an output).
    public func applied(to old: BoardOutput) -> BoardOutput {
        var members = Self.fieldsOf(old)
        for (key, value) in fields { members[key] = DashboardScreenPatch.merge(members[key], value) }
        for key in cleared ?? [] { members[key] = nil }
        for key in Self.rowKeys { members[key] = .array([]) }  // taken by id below
        guard let data = try? JSONEncoder().encode(JSONValue.object(members)),
            var new = try? JSONDecoder().decode(BoardOutput.self, from: data)
        else { return old }
        new.rows = Self.apply(ids: rowIDs, rows: rows, to: old.rows)
        new.compareRows = Self.apply(ids: compareRowIDs, rows: compareRows, to: old.compareRows)
        return new
    }

    /// The rows in view after a patch: in `ids`' order (or the old order), each the changed row or the old one.
    private static func apply<Row: Identifiable>(ids: [Row.ID]?, rows: [Row]?, to old: [Row]) -> [Row] {
        guard ids != nil || rows != nil else { return old }
        var byID = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for row in rows ?? [] { byID[row.id] = row }
        return (ids ?? old.map(\.id)).compactMap { byID[$0] }
    }

    // The patch travels flat: the changed fields at the top level beside the rows and `cleared`.
    private enum RowKey: String, CodingKey, CaseIterable {
        case rowIDs, rows, compareRowIDs, compareRows, cleared
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        for key in container.allKeys where RowKey(rawValue: key.stringValue) == nil {
            fields[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
        }
        rowIDs = try container.decodeIfPresent([MarketID].self, forKey: AnyKey(RowKey.rowIDs))
        rows = try container.decodeIfPresent([BoardRow].self, forKey: AnyKey(RowKey.rows))
        compareRowIDs = try container.decodeIfPresent([MarketID].self, forKey: AnyKey(RowKey.compareRowIDs))
        compareRows = try container.decodeIfPresent([CompareRow].self, forKey: AnyKey(RowKey.compareRows))
        cleared = try container.decodeIfPresent([String].self, forKey: AnyKey(RowKey.cleared))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
            try container.encode(value, forKey: AnyKey(stringValue: key))
        }
        try container.encodeIfPresent(rowIDs, forKey: AnyKey(RowKey.rowIDs))
        try container.encodeIfPresent(rows, forKey: AnyKey(RowKey.rows))
        try container.encodeIfPresent(compareRowIDs, forKey: AnyKey(RowKey.compareRowIDs))
        try container.encodeIfPresent(compareRows, forKey: AnyKey(RowKey.compareRows))
        try container.encodeIfPresent(cleared, forKey: AnyKey(RowKey.cleared))
    }

    /// Any key of the flat patch.
    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
        init(_ key: RowKey) { stringValue = key.rawValue }
    }
}
