/// Whether a price is above, at or below the previous close (Upbit's `RISE`, `EVEN`, `FALL`).
public enum ChangeDirection: String, Sendable, Hashable, Codable {
    case rise
    case even
    case fall

    /// The direction of a signed change amount.
    public init(signedChange: Double) {
        if signedChange > 0 {
            self = .rise
        } else if signedChange < 0 {
            self = .fall
        } else {
            self = .even
        }
    }
}
