import SiseSupport

/// A person's ordered list of stocks on one source (SPEC §1.7): no duplicates, edited by add,
/// remove, move and clear. Pure; the store keeps it.
public struct Watchlist: Sendable, Hashable, Codable {
    /// The stock codes, in the person's order.
    public private(set) var codes: [String]

    /// A list in this order, duplicates dropped (the first kept).
    public init(_ codes: [String] = []) {
        var seen = Set<String>()
        self.codes = codes.filter { seen.insert($0).inserted }
    }

    /// What an edit did.
    public enum Change: Sendable, Equatable {
        case added
        case alreadyThere
        case removed
        case notThere
        case moved
        case unchanged
    }

    /// Adds a code at the end, unless it is there already.
    @discardableResult
    public mutating func add(_ code: String) -> Change {
        guard !codes.contains(code) else { return .alreadyThere }
        codes.append(code)
        return .added
    }

    /// Removes a code.
    @discardableResult
    public mutating func remove(_ code: String) -> Change {
        guard let index = codes.firstIndex(of: code) else { return .notThere }
        codes.remove(at: index)
        return .removed
    }

    /// Moves a code by `offset` places (negative is up), stopping at either end.
    @discardableResult
    public mutating func move(_ code: String, by offset: Int) -> Change {
        guard let index = codes.firstIndex(of: code) else { return .notThere }
        let target = min(max(index.adding(saturating: offset), 0), codes.count - 1)
        guard target != index else { return .unchanged }
        codes.remove(at: index)
        codes.insert(code, at: target)
        return .moved
    }

    /// Moves a code to a position (0-based, clamped).
    @discardableResult
    public mutating func move(_ code: String, to position: Int) -> Change {
        guard let index = codes.firstIndex(of: code) else { return .notThere }
        return move(code, by: position.subtracting(saturating: index))
    }

    /// Removes every code; returns how many there were.
    @discardableResult
    public mutating func clear() -> Int {
        defer { codes = [] }
        return codes.count
    }

    public var isEmpty: Bool { codes.isEmpty }
    public var count: Int { codes.count }
}
