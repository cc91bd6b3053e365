/// How many terminal columns text takes: Hangul and other East Asian wide characters take two,
/// combining marks and control characters none (Swift's `String.count` knows nothing of this).
public enum DisplayWidth {
    /// The columns `text` takes on a terminal.
    public static func of(_ text: String) -> Int {
        if let simple = simpleWidth(text) { return simple }
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// The width of text made only of printable ASCII and Hangul syllables (a board's names,
    /// symbols and numbers), counted from its scalars without grapheme breaking; `nil` for
    /// anything else, which takes the full path.
    static func simpleWidth(_ text: String) -> Int? {
        var total = 0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value >= 0x20 && value < 0x7F {
                total += 1
            } else if value >= 0xAC00 && value <= 0xD7A3 {
                total += 2
            } else {
                return nil
            }
        }
        return total
    }

    /// The columns one character (grapheme cluster) takes.
    public static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.count > 1, character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) {
            return 2  // emoji presentation selector
        }
        return of(first)
    }

    /// The columns one scalar takes when it starts a character.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        return isWide(value) ? 2 : 1
    }

    /// `text` cut to at most `width` columns, ending in `…` when cut; a wide character is never split.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        var result = ""
        var used = 0
        for character in text {
            let columns = of(character)
            if used + columns > width - 1 { break }
            result.append(character)
            used += columns
        }
        return result + "…"
    }

    /// `text` truncated to `width` columns and padded with spaces on the right (left-aligned).
    public static func padRight(_ text: String, to width: Int) -> String {
        let cut = truncate(text, to: width)
        return cut + String(repeating: " ", count: max(0, width - of(cut)))
    }

    /// `text` truncated to `width` columns and padded with spaces on the left (right-aligned).
    public static func padLeft(_ text: String, to width: Int) -> String {
        let cut = truncate(text, to: width)
        return String(repeating: " ", count: max(0, width - of(cut))) + cut
    }

    /// `text` with control characters (C0, DEL, C1, bidi overrides) removed, so that a string
    /// from the network cannot move the cursor or restyle the terminal.
    public static func sanitized(_ text: String) -> String {
        // Every control character this removes is, in UTF-8, a byte below 0x20, 0x7F, or a
        // sequence led by 0xC2 (C1) or 0xE2 (bidi): text without those is already clean.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !isControl(scalar.value) {
            scalars.append(scalar)
        }
        return String(scalars)
    }

    private static func isControl(_ value: UInt32) -> Bool {
        value < 0x20 || (0x7F..<0xA0).contains(value) || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value)
    }

    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
            0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
            0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA,
            0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757,
            0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55,
            0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF,
            0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
