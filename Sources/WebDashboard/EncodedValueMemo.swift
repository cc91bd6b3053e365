/// The JSON of values lately encoded whole, by value: a value equal to one kept (the same type,
/// `==`) is given the JSON made for it. Tabs on one coin's detail write the same book levels and
/// trades in their merge patches (``JSONMergePatch``); each array is encoded once a frame, not once
/// a tab. Values that are not `Equatable` are encoded each time. Not `Sendable`: one isolation uses
/// it (the server's main actor).
final class EncodedValueMemo {
    private struct Entry {
        var value: any Equatable
        var json: JSONValue
    }

    /// The latest entries of each type, newest last.
    private var entries: [ObjectIdentifier: [Entry]] = [:]
    private let depth: Int

    /// A memo that keeps the latest `depth` values of each type.
    init(depth: Int) {
        self.depth = depth
    }

    /// `value`'s JSON: the one kept for an equal value, or `making()`'s, kept for the next.
    func json(of value: any Encodable, making: () -> JSONValue) -> JSONValue {
        guard let equatable = value as? any Equatable else { return making() }
        let type = ObjectIdentifier(Swift.type(of: value))
        if let found = entries[type]?.last(where: { equatable.isEqual(to: $0.value) }) { return found.json }
        let json = making()
        if let count = entries[type]?.count, count >= depth { entries[type]?.removeFirst(count - depth + 1) }
        entries[type, default: []].append(Entry(value: equatable, json: json))
        return json
    }

    /// How many values are kept, over every type.
    var count: Int { entries.values.reduce(0) { $0 + $1.count } }
}
