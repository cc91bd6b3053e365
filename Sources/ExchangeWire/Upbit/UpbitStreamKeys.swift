public import Foundation

/// Which keys an Upbit WebSocket message is written in: a stream asking for `"format":"SIMPLE"`
/// (or `SIMPLE_LIST`) gets every type in its short keys (§9.5), told to the encoder through its
/// `userInfo`.
public enum UpbitStreamKeys {
    /// Set to `true` in a `JSONEncoder`'s `userInfo` for SIMPLE keys.
    public static let simple = CodingUserInfoKey(rawValue: "sise.upbit.simpleKeys")!

    /// An encoder writing DEFAULT or SIMPLE keys.
    public static func encoder(simple: Bool) -> JSONEncoder {
        let encoder = JSONEncoder()
        if simple { encoder.userInfo[Self.simple] = true }
        return encoder
    }

    static func isSimple(_ encoder: any Encoder) -> Bool {
        encoder.userInfo[simple] as? Bool == true
    }
}
