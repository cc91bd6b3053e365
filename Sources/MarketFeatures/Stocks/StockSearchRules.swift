/// When a typed query may go to a source's remote search (SPEC §1.7): two characters or more,
/// Latin script only (Yahoo refuses Hangul; Korean names are matched locally).
public enum StockSearchRules {
    /// The shortest query sent out.
    public static let minimumLength = 2

    /// Whether `query` may be sent to a remote search.
    public static func sendsRemotely(_ query: String) -> Bool {
        let trimmed = query.filter { $0 != " " }
        return trimmed.count >= minimumLength && trimmed.unicodeScalars.allSatisfy(\.isASCII)
    }
}
