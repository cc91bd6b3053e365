import Foundation
public import MarketDomain
public import MarketFeatures

/// What changed from one ``BoardOutput`` to the next, as a browser applies it, derived from the
/// output's `Codable` form and nothing else: every top-level field whose JSON changed travels as
/// a JSON merge patch (``fields``: an object such as the status key by key, down to the values
/// that changed; anything else whole), the rows by id (their ids in view only when they moved; a
/// row new in view whole, a row whose cells changed as its id and a merge patch of those cells),
/// and the fields now absent are named in `cleared`. A field added to
/// ``BoardOutput`` needs no code here and none in the page (`board.js` applies any key). Applying
/// the patch of `old → new` to `old` gives `new` exactly (``applied(to:)``; the page's
/// `applyPatch` does the same in JavaScript).
public struct BoardPatch: Sendable, Equatable, Codable {
    /// The changed fields other than the rows, each as a merge patch (RFC 7386) of its old value,
    /// by its key in the output's JSON.
    public var fields: [String: JSONValue] = [:]
    /// The ids of the rows in view, in order, when they changed.
    public var rowIDs: [MarketID]?
    /// The rows in view that are new (whole) or whose cells changed (their `id` and the cells
    /// that changed, a merge patch of the row: a tick's row is its price, change and flash, not
    /// its names, badges and flags again).
    public var rows: [JSONValue]?
    public var compareRowIDs: [MarketID]?
    public var compareRows: [JSONValue]?
    /// The fields that are now absent (optional fields that became `nil`).
    public var cleared: [String]?

    /// The rows' changes: their ids in view when they moved, and the rows new in view (whole) or
    /// changed (their id and a merge patch of their cells), each `nil` when none.
    typealias RowChanges = (ids: [MarketID]?, rows: [JSONValue]?)

    /// The keys of the rows, patched by id rather than whole.
    private static let rowKeys: Set<String> = ["rows", "compareRows"]

    /// Whether nothing changed.
    public var isEmpty: Bool { self == BoardPatch() }

    public init() {}

    /// The changes from `old` to `new`.
    public init(from old: BoardOutput, to new: BoardOutput) {
        self.init(from: old, to: new, memo: nil)
    }

    /// The changes from `old` to `new`, the rows' taken from `memo` when made there for the same
    /// two rows (another tab's frame on the same beat), and kept there when not.
    init(from old: BoardOutput, to new: BoardOutput, memo: ScreenPatchMemo?) {
        (rowIDs, rows) =
            if let memo, !new.rows.isEmpty {
                memo.rowLists.change(at: 0, from: old.rows, to: new.rows) {
                    Self.rowChanges(old.rows, new.rows, memo: memo.rows)
                }
            } else {
                Self.rowChanges(old.rows, new.rows, memo: memo?.rows)
            }
        (compareRowIDs, compareRows) = Self.rowChanges(old.compareRows, new.compareRows, memo: memo?.compareRows)
        // Only the fields that changed are turned into JSON, once for tabs alike.
        let (oldFields, newFields) = (Self.withoutRows(old), Self.withoutRows(new))
        let fieldChanges =
            if let memo {
                memo.fields.change(at: 0, from: oldFields, to: newFields) {
                    Self.fieldChanges(from: oldFields, to: newFields)
                }
            } else {
                Self.fieldChanges(from: oldFields, to: newFields)
            }
        let changes = fieldChanges?.members ?? [:]
        for (key, change) in changes where !Self.rowKeys.contains(key) && change != .null {
            fields[key] = change
        }
        let gone = changes.filter { $0.value == .null && !Self.rowKeys.contains($0.key) }.keys.sorted()
        cleared = gone.isEmpty ? nil : gone
    }

    /// The merge patch of the fields: most frames change the status alone (the tick rate, the
    /// time), and then it is the only field looked into, not every field split and compared.
    private static func fieldChanges(from old: BoardOutput, to new: BoardOutput) -> JSONValue? {
        var statusMoved = old
        statusMoved.status = new.status
        guard statusMoved == new else { return JSONMergePatch.between(old, new) }
        return JSONMergePatch.between(old.status, new.status).map { .object([statusKey: $0]) }
    }

    /// The status's key in the output's JSON.
    private static let statusKey = "status"

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

    /// The ids in view when they changed, and the rows that are new (whole) or changed (their id
    /// and a merge patch of their cells).
    private static func rowChanges<Row: Identifiable & Equatable & Encodable>(
        _ old: [Row], _ new: [Row], memo: ChangeMemo<MarketID, Row, JSONValue?>?
    ) -> RowChanges where Row.ID == MarketID {
        // The rows in view seldom move: then each is compared with the one in its place, and only
        // when they moved are the old ones found by id (by their place, not copied).
        let inPlace = old.count == new.count && old.indices.allSatisfy { old[$0].id == new[$0].id }
        let places =
            inPlace
            ? [:] : Dictionary(old.indices.map { (old[$0].id, $0) }, uniquingKeysWith: { first, _ in first })
        var changed: [JSONValue] = []
        for index in new.indices {
            let place = inPlace ? index : places[new[index].id]
            if let place, old[place] == new[index] { continue }
            let before = place.map { old[$0] }
            let row = new[index]
            let made =
                if let memo {
                    memo.change(at: row.id, from: before, to: row) { change(from: before, to: row) }
                } else {
                    change(from: before, to: row)
                }
            if let made { changed.append(made) }
        }
        return (inPlace ? nil : new.map(\.id), changed.isEmpty ? nil : changed)
    }

    /// A row's change: the row whole when it is new in view, else its id and a merge patch of its
    /// cells (`nil` when its JSON did not change).
    private static func change<Row: Identifiable & Encodable>(from before: Row?, to row: Row) -> JSONValue?
    where Row.ID == MarketID {
        guard let before else { return JSONValue.of(row) }
        // A row is a dozen short texts: their JSON compares faster than field by field.
        guard
            case .object(var cells)? = DashboardScreenPatch.mergePatch(
                from: JSONValue.of(before), to: JSONValue.of(row))
        else { return nil }
        cells[Self.idKey] = .string(row.id.rawValue)
        return .object(cells)
    }

    /// The key of a row's id, in a row and in a row's patch.
    private static let idKey = "id"

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

    /// The rows in view after a patch: in `ids`' order (or the old order), each the old one with
    /// its patch merged in, or the new one whole.
    private static func apply<Row: Identifiable & Codable>(
        ids: [Row.ID]?, rows: [JSONValue]?, to old: [Row]
    ) -> [Row] where Row.ID == MarketID {
        guard ids != nil || rows != nil else { return old }
        var byID = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for patch in rows ?? [] {
            guard case .string(let code)? = patch.members[Self.idKey], let id = MarketID(code) else { continue }
            let merged = DashboardScreenPatch.merge(byID[id].map { JSONValue.of($0) }, patch)
            if let data = try? JSONEncoder().encode(merged), let row = try? JSONDecoder().decode(Row.self, from: data) {
                byID[id] = row
            }
        }
        return (ids ?? old.map(\.id)).compactMap { byID[$0] }
    }

    /// The patch's JSON (what ``encode(to:)`` writes), made from its parts (JSON already) with no
    /// encoder: each acting tab's patch is turned into text every frame.
    var json: JSONValue {
        var members = fields
        if let rowIDs { members[RowKey.rowIDs.rawValue] = .array(rowIDs.map { .string($0.rawValue) }) }
        if let rows { members[RowKey.rows.rawValue] = .array(rows) }
        if let compareRowIDs {
            members[RowKey.compareRowIDs.rawValue] = .array(compareRowIDs.map { .string($0.rawValue) })
        }
        if let compareRows { members[RowKey.compareRows.rawValue] = .array(compareRows) }
        if let cleared { members[RowKey.cleared.rawValue] = .array(cleared.map { .string($0) }) }
        return .object(members)
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
        rows = try container.decodeIfPresent([JSONValue].self, forKey: AnyKey(RowKey.rows))
        compareRowIDs = try container.decodeIfPresent([MarketID].self, forKey: AnyKey(RowKey.compareRowIDs))
        compareRows = try container.decodeIfPresent([JSONValue].self, forKey: AnyKey(RowKey.compareRows))
        cleared = try container.decodeIfPresent([String].self, forKey: AnyKey(RowKey.cleared))
    }

    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
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
