public import MarketFeatures

/// Reads the bytes a terminal sends in raw mode into keys: UTF-8 text (Hangul typed in search),
/// control keys, and the escape sequences of arrows (with Shift too), PgUp/PgDn, Home/End and Shift-Tab.
/// Bytes of a sequence or character cut between two reads wait for the next read.
public struct KeyParser: Sendable {
    private var pending: [UInt8] = []

    public init() {}

    /// The keys in `bytes` (after any held back from the last call).
    public mutating func keys(from bytes: [UInt8]) -> [Key] {
        let input = pending + bytes
        pending = []
        var keys: [Key] = []
        var index = 0
        while index < input.count {
            let byte = input[index]
            switch byte {
            case 0x1B:
                let (key, length) = Self.escape(input, at: index)
                if length == 0 {  // an unfinished sequence: wait for the rest
                    pending = Array(input[index...])
                    return keys
                }
                if let key { keys.append(key) }
                index += length
                continue
            case 0x03: keys.append(.interrupt)
            case 0x09: keys.append(.tab)
            case 0x0D, 0x0A: keys.append(.enter)
            case 0x7F, 0x08: keys.append(.backspace)
            case 0x00..<0x20: break  // other control bytes mean nothing here
            default:
                let length = Self.utf8Length(byte)
                guard length > 0 else { break }
                if index + length > input.count {
                    pending = Array(input[index...])
                    return keys
                }
                let text = String(decoding: input[index..<index + length], as: UTF8.self)
                if let character = text.first, text.unicodeScalars.first != "\u{FFFD}" {
                    keys.append(.character(character))
                }
                index += length
                continue
            }
            index += 1
        }
        return keys
    }

    /// The key an escape at `index` starts and how many bytes it takes; length 0 when the
    /// sequence is cut short. A lone escape at the end of a read is the Esc key.
    private static func escape(_ input: [UInt8], at index: Int) -> (Key?, Int) {
        guard index + 1 < input.count else { return (.escape, 1) }
        let next = input[index + 1]
        if next == UInt8(ascii: "O") {  // SS3: application cursor keys
            guard index + 2 < input.count else { return (nil, 0) }
            return (ss3(input[index + 2]), 3)
        }
        guard next == UInt8(ascii: "[") else { return (.escape, 1) }
        var end = index + 2
        while end < input.count, !(0x40...0x7E).contains(input[end]) { end += 1 }
        guard end < input.count else { return (nil, 0) }
        let parameters = String(decoding: input[(index + 2)..<end], as: UTF8.self)
        return (csi(final: input[end], parameters: parameters), end - index + 1)
    }

    private static func ss3(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        default: nil
        }
    }

    private static func csi(final: UInt8, parameters: String) -> Key? {
        // Shift with an arrow: `ESC [ 1 ; 2 C`.
        if parameters == "1;2", final == UInt8(ascii: "C") { return .shiftRight }
        if parameters == "1;2", final == UInt8(ascii: "D") { return .shiftLeft }
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "Z"): return .backTab
        case UInt8(ascii: "~"):
            switch parameters.split(separator: ";").first {
            case "1", "7": return .home
            case "3": return .delete
            case "4", "8": return .end
            case "5": return .pageUp
            case "6": return .pageDown
            default: return nil
            }
        default: return nil
        }
    }

    private static func utf8Length(_ lead: UInt8) -> Int {
        switch lead {
        case 0x20..<0x80: 1
        case 0xC2..<0xE0: 2
        case 0xE0..<0xF0: 3
        case 0xF0..<0xF5: 4
        default: 0
        }
    }
}
