/// The JSON merge patch (RFC 7386) that turns one value's JSON into another's, made from the
/// values themselves: fields equal on both sides (`Equatable`) are skipped unencoded, values made
/// of fields (``EncodableFields``) are compared field by field, and only what differs is turned
/// into JSON. The result is what ``DashboardScreenPatch/mergePatch(from:to:)`` gives for the two
/// values' whole JSON; a tick that moves one price of a detail encodes that price, not the
/// detail. What is written whole is taken from a `memo` when given, where an equal value was
/// encoded before (another tab's patch of the same book).
enum JSONMergePatch {
    /// The merge patch from `old`'s JSON to `new`'s, `nil` when they are the same.
    static func between(_ old: any Encodable, _ new: any Encodable, memo: EncodedValueMemo? = nil) -> JSONValue? {
        // The commonest leaves first, without asking for their conformances.
        switch (old, new) {
        case (let old as String, let new as String): return old == new ? nil : .string(new)
        case (let old as Int, let new as Int): return old == new ? nil : .integer(Int64(new))
        case (let old as Bool, let new as Bool): return old == new ? nil : .bool(new)
        case (let old as Double, let new as Double): return old == new ? nil : JSONValue.of(new)
        default: break
        }
        // `nil` when they cannot be told apart so (not `Equatable`).
        let same = isSame(old, new)
        if same == true { return nil }
        let old = unwrapped(old)
        let new = unwrapped(new)
        guard let before = EncodableFields.of(old), let after = EncodableFields.of(new) else {
            let json = encoded(new, memo: memo)
            // Anything but an object is replaced whole: a value known to differ needs no old JSON.
            if same != nil, !isObject(json) { return json }
            return DashboardScreenPatch.mergePatch(from: encoded(old, memo: memo), to: json)
        }
        var patch: [String: JSONValue] = [:]
        if before.count == after.count, zip(before, after).allSatisfy({ $0.key == $1.key }) {
            // The same fields in the same order (the commonest case): compared pairwise.
            for (previous, field) in zip(before, after) {
                if let change = between(previous.value, field.value, memo: memo) { patch[field.key] = change }
            }
        } else {
            let earlier = Dictionary(before, uniquingKeysWith: { first, _ in first })
            let later = Set(after.map(\.key))
            for (key, value) in after {
                if let previous = earlier[key] {
                    if let change = between(previous, value, memo: memo) { patch[key] = change }
                } else {
                    patch[key] = encoded(value, memo: memo)
                }
            }
            // The screen's JSON has no `null` of its own: `null` says gone.
            for (key, _) in before where !later.contains(key) { patch[key] = .null }
        }
        return patch.isEmpty ? nil : .object(patch)
    }

    /// `value`'s JSON, from `memo` when it has it.
    private static func encoded(_ value: any Encodable, memo: EncodedValueMemo?) -> JSONValue {
        guard let memo else { return JSONValue.of(value) }
        return memo.json(of: value) { JSONValue.of(value) }
    }

    private static func isObject(_ value: JSONValue) -> Bool {
        if case .object = value { true } else { false }
    }

    /// Whether both are the same `Equatable` value; `nil` when they cannot be told apart so.
    private static func isSame(_ old: any Encodable, _ new: any Encodable) -> Bool? {
        guard let old = old as? any Equatable else { return nil }
        return old.isEqual(to: new)
    }

    /// The value an optional holds, as it encodes (an empty optional stays as it is).
    private static func unwrapped(_ value: any Encodable) -> any Encodable {
        var value = value
        while let optional = value as? any WrappedEncodable, let inner = optional.wrappedEncodable { value = inner }
        return value
    }
}

/// An optional whose value encodes in its place.
private protocol WrappedEncodable {
    var wrappedEncodable: (any Encodable)? { get }
}

extension Optional: WrappedEncodable where Wrapped: Encodable {
    fileprivate var wrappedEncodable: (any Encodable)? { self }
}

extension Equatable {
    /// Whether `other` is a value of this type equal to this one.
    func isEqual(to other: Any) -> Bool {
        (other as? Self).map { $0 == self } ?? false
    }
}
