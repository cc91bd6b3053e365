/// A small seeded generator (SplitMix64), so that a test that draws many cases draws the same
/// ones every run.
public struct SplitMix: RandomNumberGenerator, Sendable {
    /// The state, advanced by each draw.
    public var state: UInt64

    /// A generator that starts from `state`.
    public init(state: UInt64) {
        self.state = state
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
