extension UpbitTickerFrameReader {
    /// The keys read, in DEFAULT and SIMPLE spelling alike.
    enum Field: UInt16 {
        case type, code, open, high, low, price, previousClose, changePrice, changeRate, volume24h, value24h
        case timestamp, status, error

        /// The field a key names and whether the key is a SIMPLE one; `nil` for every key the
        /// board does not need.
        static func named(_ key: UnsafeBufferPointer<UInt8>) -> (Field, isSimple: Bool)? {
            guard !key.isEmpty else { return nil }
            // Dispatch on the length, then on the first byte, then one comparison.
            let candidate = key.count <= 6 ? shortCandidate(key) : longCandidate(key)
            guard let (name, field) = candidate, JSONByteReader.key(key, is: name) else { return nil }
            // SIMPLE keys are at most 6 bytes and DEFAULT ones at least 4; the 4-to-6-byte
            // DEFAULT keys are `type`, `code`, `error` and `status`.
            let isSimple = key.count <= 3 || (key.count == 6 && key[0] == UInt8(ascii: "a"))
            return (field, isSimple)
        }

        /// The one key of 2 to 6 bytes `key` may be (the SIMPLE keys, `type`, `code`, `error`
        /// and `status`), by its length and first byte.
        @inline(__always)
        private static func shortCandidate(_ key: UnsafeBufferPointer<UInt8>) -> (StaticString, Field)? {
            let first = key[0]
            let candidate: (StaticString, Field)?
            switch key.count {
            case 2:
                switch first {
                case UInt8(ascii: "t"): candidate = key[1] == UInt8(ascii: "y") ? ("ty", .type) : ("tp", .price)
                case UInt8(ascii: "c"): candidate = ("cd", .code)
                case UInt8(ascii: "o"): candidate = ("op", .open)
                case UInt8(ascii: "h"): candidate = ("hp", .high)
                case UInt8(ascii: "l"): candidate = ("lp", .low)
                default: candidate = nil
                }
            case 3:
                switch first {
                case UInt8(ascii: "p"): candidate = ("pcp", .previousClose)
                case UInt8(ascii: "s"):
                    candidate = key[2] == UInt8(ascii: "p") ? ("scp", .changePrice) : ("scr", .changeRate)
                case UInt8(ascii: "t"): candidate = ("tms", .timestamp)
                default: candidate = nil
                }
            case 4:
                switch first {
                case UInt8(ascii: "t"): candidate = ("type", .type)
                case UInt8(ascii: "c"): candidate = ("code", .code)
                default: candidate = nil
                }
            case 5: candidate = first == UInt8(ascii: "e") ? ("error", .error) : nil
            case 6:
                switch first {
                case UInt8(ascii: "s"): candidate = ("status", .status)
                case UInt8(ascii: "a"):
                    candidate =
                        key[1] == UInt8(ascii: "t") && key[2] == UInt8(ascii: "v")
                        ? ("atv24h", .volume24h) : ("atp24h", .value24h)
                default: candidate = nil
                }
            default: candidate = nil
            }
            return candidate
        }

        /// The one DEFAULT key of 9 to 20 bytes `key` may be, by its length and first byte.
        @inline(__always)
        private static func longCandidate(_ key: UnsafeBufferPointer<UInt8>) -> (StaticString, Field)? {
            let first = key[0]
            let candidate: (StaticString, Field)?
            switch key.count {
            case 9:
                switch first {
                case UInt8(ascii: "l"): candidate = ("low_price", .low)
                case UInt8(ascii: "t"): candidate = ("timestamp", .timestamp)
                default: candidate = nil
                }
            case 10: candidate = first == UInt8(ascii: "h") ? ("high_price", .high) : nil
            case 11: candidate = first == UInt8(ascii: "t") ? ("trade_price", .price) : nil
            case 13: candidate = first == UInt8(ascii: "o") ? ("opening_price", .open) : nil
            case 18:
                switch first {
                case UInt8(ascii: "p"): candidate = ("prev_closing_price", .previousClose)
                case UInt8(ascii: "s"): candidate = ("signed_change_rate", .changeRate)
                default: candidate = nil
                }
            case 19:
                switch first {
                case UInt8(ascii: "s"): candidate = ("signed_change_price", .changePrice)
                case UInt8(ascii: "a"): candidate = ("acc_trade_price_24h", .value24h)
                default: candidate = nil
                }
            case 20: candidate = first == UInt8(ascii: "a") ? ("acc_trade_volume_24h", .volume24h) : nil
            default: candidate = nil
            }
            return candidate
        }
    }
}
