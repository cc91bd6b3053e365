import Foundation
public import MarketFeatures

/// What changed from one ``DashboardScreen`` to the next, derived from the screen's `Codable`
/// form and nothing else: the board's changes (``BoardPatch``, its rows by id), and every other
/// part (the detail, the Watchlist tab, the stock chart, and whatever is added to the screen
/// later) as a JSON merge patch (RFC 7386): an object changed key by key down to the values that
/// changed, anything else whole, and `null` for what closed. A field added to an output needs no
/// code here and none in the page (`screen.js` merges any key). Applying the patch of `old → new`
/// to `old` gives `new` exactly (``applied(to:)``; the page's `applyScreenPatch` does the same).
public struct DashboardScreenPatch: Sendable, Equatable, Codable {
    /// The board's changes.
    public var board: BoardPatch?
    /// The other parts' changes, by their key in the screen's JSON, merged as RFC 7386 says.
    public var parts: [String: JSONValue] = [:]

    /// Whether nothing changed.
    public var isEmpty: Bool { self == DashboardScreenPatch() }

    public init() {}

    /// The changes from `old` to `new`.
    public init(from old: DashboardScreen, to new: DashboardScreen) {
        self.init(from: old, to: new, memo: nil)
    }

    /// The changes from `old` to `new`, what `memo` has of them taken from it (made for equal
    /// values by another tab's frame on the same beat), and kept there when not.
    init(from old: DashboardScreen, to new: DashboardScreen, memo: ScreenPatchMemo?) {
        let boardChanges = BoardPatch(from: old.board, to: new.board, memo: memo)
        board = boardChanges.isEmpty ? nil : boardChanges
        // Most frames change the board alone: the other parts' JSON is made only when they differ.
        var oldParts = old
        oldParts.board = BoardOutput()
        var newParts = new
        newParts.board = BoardOutput()
        guard oldParts != newParts else { return }
        // Only the parts that changed are turned into JSON, down to the values that changed: a
        // chart of 1,000 candles whose bars did not move is compared, not encoded.
        parts = (JSONMergePatch.between(oldParts, newParts, memo: memo?.values)?.members ?? [:]).filter {
            $0.key != Self.boardKey
        }
    }

    /// `old` with these changes (`old` itself when they cannot be read back into a screen).
    public func applied(to old: DashboardScreen) -> DashboardScreen {
        var members = Self.merge(.object(Self.partsOf(old)), .object(parts)).members
        members[Self.boardKey] = JSONValue.of(BoardOutput())
        guard let data = try? JSONEncoder().encode(JSONValue.object(members)),
            var new = try? JSONDecoder().decode(DashboardScreen.self, from: data)
        else { return old }
        new.board = board.map { $0.applied(to: old.board) } ?? old.board
        return new
    }

    /// The screen's parts other than the board, as JSON.
    private static func partsOf(_ screen: DashboardScreen) -> [String: JSONValue] {
        var parts = screen
        parts.board = BoardOutput()
        return JSONValue.of(parts).members.filter { $0.key != boardKey }
    }

    private static let boardKey = "board"

    /// The merge patch that turns `old` into `new`, `nil` when they are equal: objects key by key
    /// (a key gone is `null`), anything else whole. The screen's JSON has no `null` of its own (an
    /// absent optional is left out), so `null` only ever means gone.
    static func mergePatch(from old: JSONValue, to new: JSONValue) -> JSONValue? {
        guard case .object(let before) = old, case .object(let after) = new else { return old == new ? nil : new }
        var patch: [String: JSONValue] = [:]
        for (key, value) in after {
            if let previous = before[key] {
                if let change = mergePatch(from: previous, to: value) { patch[key] = change }
            } else {
                patch[key] = value
            }
        }
        for key in before.keys where after[key] == nil { patch[key] = .null }
        return patch.isEmpty ? nil : .object(patch)
    }

    /// `target` with `patch` merged in, as RFC 7386 says.
    static func merge(_ target: JSONValue?, _ patch: JSONValue) -> JSONValue {
        guard case .object(let changes) = patch else { return patch }
        var members = target?.members ?? [:]
        for (key, value) in changes {
            members[key] = value == .null ? nil : merge(members[key], value)
        }
        return .object(members)
    }

    // The patch travels flat: `board` beside the other parts' keys.
    public init(from decoder: any Decoder) throws {
        var members = try JSONValue(from: decoder).members
        if let board = members.removeValue(forKey: Self.boardKey) {
            let data = try JSONEncoder().encode(board)
            self.board = try JSONDecoder().decode(BoardPatch.self, from: data)
        }
        parts = members
    }

    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }

    /// The patch's JSON, as it travels, made from its parts (JSON already) with no encoder.
    var json: JSONValue {
        var members = parts
        if let board { members[Self.boardKey] = board.json }
        return .object(members)
    }
}
