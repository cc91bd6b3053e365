#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A forward-only reader over one JSON document's bytes, for the live feeds' hot path: it reads
/// keys, numbers and short strings in place (no `String` or `Data` per value) and skips whatever
/// the caller does not need (unknown fields, nested values, escaped strings) without building it.
///
/// Every read checks the bounds, so a truncated or hostile document ends in a ``Failure``, never a
/// crash; nesting is skipped iteratively and capped at ``maximumDepth``, so 10,000 open brackets
/// cost one linear scan and a refusal, never a deep recursion.
struct JSONByteReader {
    /// Why a document could not be read.
    enum Failure: Error, Equatable {
        /// The document ended in the middle of a value.
        case truncated
        /// A byte that JSON does not allow here.
        case unexpected(UInt8)
        /// Nested deeper than ``maximumDepth``.
        case tooDeep
        /// A value of the wrong JSON type for a field.
        case wrongType
        /// A number that is not a finite JSON number (or a string of one where strings are allowed).
        case badNumber

        /// A short description for logs.
        var reason: String {
            switch self {
            case .truncated: "truncated frame"
            case .unexpected: "unexpected byte"
            case .tooDeep: "nested too deep"
            case .wrongType: "a field of the wrong type"
            case .badNumber: "a bad number"
            }
        }
    }

    /// A string token: the raw bytes between its quotes, and whether escapes must be decoded.
    struct StringToken {
        var start: Int
        var end: Int
        var hasEscapes: Bool
        var count: Int { end - start }
    }

    /// The deepest nesting skipped before the document is refused (JSONDecoder's own limit is 512).
    static let maximumDepth = 512

    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    // MARK: Structure

    /// Skips spaces, tabs, carriage returns and newlines.
    mutating func skipWhitespace() {
        // Every whitespace byte is at most a space: one compare tells most bytes apart.
        if index < bytes.count, bytes[index] > 0x20 { return }
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// The next byte after whitespace, without consuming it.
    mutating func peek() throws(Failure) -> UInt8 {
        if index < bytes.count, bytes[index] > 0x20 { return bytes[index] }
        skipWhitespace()
        guard index < bytes.count else { throw .truncated }
        return bytes[index]
    }

    /// Consumes `byte` (after whitespace) or fails.
    mutating func expect(_ byte: UInt8) throws(Failure) {
        let next = try peek()
        guard next == byte else { throw .unexpected(next) }
        index += 1
    }

    /// Whether only whitespace is left.
    mutating func isAtEnd() -> Bool {
        skipWhitespace()
        return index >= bytes.count
    }

    /// Walks the object that starts here: `member` is called at each member's opening quote and
    /// must read its key, its colon and its value; the braces and commas are read here.
    @inline(__always)
    mutating func forEachMember(_ member: (inout JSONByteReader) throws(Failure) -> Void) throws(Failure) {
        try expect(UInt8(ascii: "{"))
        // What starts each member (a key's quote) is looked at once: the same look finds the end.
        var next = try peek()
        if next == UInt8(ascii: "}") {
            index += 1
            return
        }
        while true {
            guard next == UInt8(ascii: "\"") else { throw .unexpected(next) }
            try member(&self)
            let after = try peek()
            index += 1
            if after == UInt8(ascii: "}") { return }
            guard after == UInt8(ascii: ",") else { throw .unexpected(after) }
            next = try peek()
            // A trailing comma is let pass, as `JSONDecoder` lets it pass.
            if next == UInt8(ascii: "}") {
                index += 1
                return
            }
        }
    }

    /// Walks the array that starts here: `element` is called at each element and must read it;
    /// the brackets and commas are read here.
    @inline(__always)
    mutating func forEachElement(_ element: (inout JSONByteReader) throws(Failure) -> Void) throws(Failure) {
        try forEachItem(opening: UInt8(ascii: "["), closing: UInt8(ascii: "]"), element)
    }

    /// Walks the object or array that starts with `opening`: `item` reads each member or element,
    /// the brackets and commas are read here.
    @inline(__always)
    private mutating func forEachItem(
        opening: UInt8, closing: UInt8, _ item: (inout JSONByteReader) throws(Failure) -> Void
    ) throws(Failure) {
        try expect(opening)
        if try peek() == closing {
            index += 1
            return
        }
        while true {
            try item(&self)
            let next = try peek()
            index += 1
            if next == closing { return }
            guard next == UInt8(ascii: ",") else { throw .unexpected(next) }
            // A trailing comma is let pass, as `JSONDecoder` lets it pass.
            if try peek() == closing {
                index += 1
                return
            }
        }
    }

    /// At a key's opening quote: when the key is `order`'s one at `position`, consumes it with
    /// its quotes and returns its bounds (no escapes); otherwise consumes nothing.
    @inline(__always)
    mutating func readKey(_ order: JSONKeyOrder, at position: Int) -> Range<Int>? {
        guard let count = order.match(position, at: index + 1, in: bytes) else { return nil }
        let start = index + 1
        index = start + count
        return start..<(index - 1)
    }

    /// Like ``readKey(_:at:)``, for a key with its colon right after its closing quote (as a
    /// compact frame writes every key): consumes the key, its quotes and the colon in one compare.
    @inline(__always)
    mutating func readKeyThroughColon(_ order: JSONKeyOrder, at position: Int) -> Range<Int>? {
        guard let count = order.match(position, at: index + 1, in: bytes, throughColon: true) else { return nil }
        let start = index &+ 1
        index = start &+ count
        // A match is never shorter than its quote and colon.
        return Range(uncheckedBounds: (start, index &- 2))
    }

    /// Skips one value of any type, however nested, without building it.
    mutating func skipValue() throws(Failure) {
        // Most skipped values are plain strings and numbers.
        switch try peek() {
        case UInt8(ascii: "\""): return try skipString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return skipNumber()
        case UInt8(ascii: "t"): return try expectLiteral("true")
        case UInt8(ascii: "f"): return try expectLiteral("false")
        case UInt8(ascii: "n"): return try expectLiteral("null")
        default: try skipNestedValue()
        }
    }

    /// Skips one value of any type, however nested, without recursion.
    private mutating func skipNestedValue() throws(Failure) {
        // The open containers, innermost last: true for an object. Only nested values need it.
        var containers: [Bool] = []
        while true {
            let next = try peek()
            switch next {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = next == UInt8(ascii: "{")
                index += 1
                if try peek() == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    index += 1
                } else {
                    guard containers.count < Self.maximumDepth else { throw .tooDeep }
                    containers.append(isObject)
                    if isObject { try readMemberKey() }
                    continue
                }
            case UInt8(ascii: "\""): try skipString()
            case UInt8(ascii: "t"): try expectLiteral("true")
            case UInt8(ascii: "f"): try expectLiteral("false")
            case UInt8(ascii: "n"): try expectLiteral("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): skipNumber()
            default: throw .unexpected(next)
            }
            // After a value: close the containers it ends, or go on to the next element.
            while let isObject = containers.last {
                let after = try peek()
                index += 1
                if after == UInt8(ascii: ",") {
                    let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                    if try peek() == close {
                        // A trailing comma, let pass as in ``forEachMember(_:)``: the container ends.
                        index += 1
                        containers.removeLast()
                        continue
                    }
                    if isObject { try readMemberKey() }
                    break
                }
                guard after == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { throw .unexpected(after) }
                containers.removeLast()
            }
            if containers.isEmpty { return }
        }
    }

    /// Reads an object member's key and its colon.
    private mutating func readMemberKey() throws(Failure) {
        guard try peek() == UInt8(ascii: "\"") else { throw .unexpected(bytes[index]) }
        try skipString()
        try expect(UInt8(ascii: ":"))
    }

    /// Skips a string nobody reads: up to its closing quote, an escape's next byte never taken for
    /// it. What its escapes say is not checked (as `JSONDecoder` leaves unread values unchecked).
    private mutating func skipString() throws(Failure) {
        index += 1
        while index < bytes.count {
            index = plainRunEnd(from: index)
            guard index < bytes.count else { break }
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""):
                index += 1
                return
            default: index += 1
            }
        }
        throw .truncated
    }

    /// Skips a number nobody reads: its run of number characters, unchecked (as `JSONDecoder`
    /// leaves unread values unchecked); what follows it is checked as usual. Eight bytes at a
    /// time while eight remain: a word's digits are passed over at once, and the byte after them
    /// is a number's (a sign, a dot, an exponent's `e`: passed over, and on) or ends it.
    private mutating func skipNumber() {
        if let base = bytes.baseAddress {
            while index &+ 8 <= bytes.count {
                // Byte 0 in the low bits on any platform.
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                let others = Self.nonDigitBytes(word)
                guard others != 0 else {
                    index &+= 8
                    continue
                }
                index &+= others.trailingZeroBitCount &>> 3
                guard Self.isNumberByte(bytes[index]) else { return }
                index &+= 1
            }
        }
        while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
    }

    /// Whether `byte` is one of a number's characters: a digit, a sign, a dot or an exponent's `e`.
    @inline(__always)
    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
            UInt8(ascii: "e"), UInt8(ascii: "E"):
            true
        default: false
        }
    }

    /// A mark (bits in the high nibble) on the bytes of `word` (byte 0 in the low bits) that are
    /// not decimal digits: the lowest mark is exactly on the first non-digit; bytes after it may
    /// be marked wrongly.
    @inline(__always)
    private static func nonDigitBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        // A digit's byte becomes its value (0 to 9); any other byte becomes 10 or more.
        let values = word ^ (ones &* 0x30)
        // A byte of 10 to 15 gets its 0x10 bit from adding 6, a larger one has a high nibble. A
        // carry only runs upwards, so the bytes before the first non-digit are told apart exactly.
        return (values | (values &+ ones &* 0x06)) & (ones &* 0xF0)
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(Failure) {
        let length = literal.utf8CodeUnitCount
        guard index + length <= bytes.count else { throw .truncated }
        guard memcmp(bytes.baseAddress! + index, literal.utf8Start, length) == 0 else {
            throw .unexpected(bytes[index])
        }
        index += length
    }

    // MARK: Strings

    /// Reads a string token at the current position (after whitespace): its raw bounds, escapes left as they are.
    mutating func readStringToken() throws(Failure) -> StringToken {
        try expect(UInt8(ascii: "\""))
        let start = index
        var hasEscapes = false
        while index < bytes.count {
            index = plainRunEnd(from: index)
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return StringToken(start: start, end: index - 1, hasEscapes: hasEscapes)
            }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                guard index + 1 < bytes.count else { throw .truncated }
                if bytes[index + 1] == UInt8(ascii: "u") {
                    guard index + 5 < bytes.count else { throw .truncated }
                    for offset in 2...5 where Self.hexValue(bytes[index + offset]) == nil {
                        throw .unexpected(bytes[index + offset])
                    }
                    index += 6
                } else {
                    guard Self.escaped(bytes[index + 1]) != nil else { throw .unexpected(bytes[index + 1]) }
                    index += 2
                }
                continue
            }
            guard byte >= 0x20 else { throw .unexpected(byte) }
            index += 1
        }
        throw .truncated
    }

    /// The first index at or after `start` of a byte that ends a plain run inside a string: a
    /// quote, a backslash or a control character. Eight bytes at a time while eight remain.
    @inline(__always)
    private func plainRunEnd(from start: Int) -> Int {
        var index = start
        guard let base = bytes.baseAddress else { return index }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while index + 8 <= bytes.count {
            // Byte 0 in the low bits on any platform.
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            let quotes = word ^ (ones &* 0x22)
            let backslashes = word ^ (ones &* 0x5C)
            // A zero byte in `quotes` or `backslashes`, or a byte of `word` below 0x20.
            let found =
                ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes) | ((word &- ones &* 0x20) & ~word)
            let marks = found & highs
            // The lowest mark is exact (a borrow only runs upwards): the first byte that ends the run.
            if marks != 0 { return index + marks.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { return index }
            index += 1
        }
        return index
    }

    /// Whether a string token reads exactly `literal`.
    func token(_ token: StringToken, equals literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        if !token.hasEscapes {
            return token.count == length && memcmp(bytes.baseAddress! + token.start, literal.utf8Start, length) == 0
        }
        return withDecoded(token) { decoded in
            decoded.count == length && memcmp(decoded.baseAddress!, literal.utf8Start, length) == 0
        } ?? false
    }

    /// Calls `body` with the token's text, escapes decoded (on the stack when short); `nil` when
    /// an escape encodes no character.
    func withDecoded<Result>(
        _ token: StringToken, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result? {
        guard token.hasEscapes else {
            return body(UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]))
        }
        // Decoded text is never longer than the escaped one.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, token.count)) { buffer in
            guard let count = decode(token, into: buffer) else { return nil }
            return body(UnsafeBufferPointer(rebasing: buffer[0..<count]))
        }
    }

    /// The token's text as a `String` (for rare frames: errors, statuses).
    func string(_ token: StringToken) -> String {
        withDecoded(token) { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    private func decode(_ token: StringToken, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        var read = token.start
        var written = 0
        func put(_ byte: UInt8) {
            buffer[written] = byte
            written += 1
        }
        while read < token.end {
            let byte = bytes[read]
            guard byte == UInt8(ascii: "\\") else {
                put(byte)
                read += 1
                continue
            }
            let kind = bytes[read + 1]
            if let simple = Self.escaped(kind) {
                put(simple)
                read += 2
                continue
            }
            var scalar = hex4(at: read + 2)
            read += 6
            if (0xD800...0xDBFF).contains(scalar), read + 5 < token.end + 1, bytes[read] == UInt8(ascii: "\\"),
                bytes[read + 1] == UInt8(ascii: "u")
            {
                let low = hex4(at: read + 2)
                if (0xDC00...0xDFFF).contains(low) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    read += 6
                }
            }
            guard let unicode = Unicode.Scalar(scalar) else { return nil }
            for unit in UTF8.encode(unicode)! { put(unit) }
        }
        return written
    }

    private func hex4(at offset: Int) -> UInt32 {
        var value: UInt32 = 0
        for position in offset..<(offset + 4) { value = value << 4 | UInt32(Self.hexValue(bytes[position]) ?? 0) }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func escaped(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): byte
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
    }

    // MARK: Values

    /// Whether the next value is `null`; consumes it when it is.
    mutating func readNull() throws(Failure) -> Bool {
        guard try peek() == UInt8(ascii: "n") else { return false }
        try expectLiteral("null")
        return true
    }

    /// Reads a JSON number as the nearest `Double` (as `JSONDecoder` does); fails on any other type.
    /// One pass: the grammar is checked while the significant digits are gathered, as
    /// ``DecimalText/double(_:strict:)`` gathers them.
    mutating func readDouble() throws(Failure) -> Double {
        // A compact frame's number starts right here: the call to peek is only for whitespace.
        let next = index < bytes.count && bytes[index] > 0x20 ? bytes[index] : try peek()
        guard next == UInt8(ascii: "-") || Self.isDigit(next) else { throw .wrongType }
        let start = index
        let negative = next == UInt8(ascii: "-")
        if negative { index += 1 }
        var mantissa: UInt64 = 0
        var significant = 0
        var exponent = 0
        var dropped = false
        /// Takes a run of digits: the first 19 significant ones into the mantissa, a fraction's
        /// taken ones moving the point left, a whole part's left-out ones moving it right.
        @inline(__always) func takeDigits(inFraction: Bool) {
            // Eight bytes at a time while eight remain and the run's digits all fit the mantissa.
            while index &+ 8 <= bytes.count {
                let (count, value) = leadingDigits(at: index)
                guard significant &+ count <= 19 else { break }
                mantissa = mantissa &* Self.powersOfTen[count] &+ value
                significant &+= count
                if inFraction { exponent &-= count }
                index &+= count
                if count < 8 { return }
            }
            while index < bytes.count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                if significant < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    significant += 1
                    if inFraction { exponent -= 1 }
                } else {
                    if digit != 0 { dropped = true }
                    if !inFraction { exponent += 1 }
                }
                index += 1
            }
        }
        // The whole part: `0` alone, or digits that do not start with 0 (so each one is significant).
        guard index < bytes.count else { throw .truncated }
        guard Self.isDigit(bytes[index]) else { throw .unexpected(bytes[index]) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, Self.isDigit(bytes[index]) { throw .badNumber }
        } else {
            takeDigits(inFraction: false)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let first = index
            // Zeros before the first significant digit (`0.000123`) only move the point.
            if mantissa == 0 {
                while index < bytes.count, bytes[index] == UInt8(ascii: "0") {
                    exponent -= 1
                    index += 1
                }
            }
            takeDigits(inFraction: true)
            guard index > first else { throw index < bytes.count ? .unexpected(bytes[index]) : .truncated }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            exponent += try readExponent()
        }
        if mantissa == 0 { return negative ? -0.0 : 0 }
        if !dropped, mantissa <= 1 << 53, let value = DecimalText.fastPath(mantissa, exponent) {
            return negative ? -value : value
        }
        return try DecimalText.slowPath(UnsafeBufferPointer(rebasing: bytes[start..<index]))
    }

    /// A number's exponent after its `e`: an optional sign and at least one digit, its size held
    /// at 100,000 (a larger one only overflows or underflows further).
    @inline(__always)
    private mutating func readExponent() throws(Failure) -> Int {
        var isNegative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            isNegative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        let first = index
        var written = 0
        while index < bytes.count, Self.isDigit(bytes[index]) {
            if written < 100_000 { written = written * 10 + Int(bytes[index] &- UInt8(ascii: "0")) }
            index += 1
        }
        guard index > first else { throw index < bytes.count ? .unexpected(bytes[index]) : .truncated }
        return isNegative ? -written : written
    }

    /// 10⁰ to 10⁸: what a mantissa is multiplied by to take a run of that many digits.
    private static let powersOfTen: [UInt64] = [1, 10, 100, 1000, 10000, 100_000, 1_000_000, 10_000_000, 100_000_000]

    /// The decimal digits at `offset`, read as one word: how many lead the eight bytes there (0 to
    /// 8) and the number they spell. Needs eight bytes at `offset`.
    @inline(__always)
    private func leadingDigits(at offset: Int) -> (count: Int, value: UInt64) {
        // Byte 0 (the first digit) in the low bits on any platform.
        let word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self))
        let count = Self.nonDigitBytes(word).trailingZeroBitCount &>> 3
        guard count > 0 else { return (0, 0) }
        // Each digit's value (0 to 9), moved to the top bytes; zeros (the number's leading zeros)
        // below them, and the bytes after them shifted out.
        var lanes = (word ^ 0x3030_3030_3030_3030) &<< UInt64(64 &- 8 &* count)
        // Neighbouring lanes merge: 10 × the first + the second, in bytes, in pairs, then in fours.
        lanes = (lanes &* 10 &+ (lanes &>> 8)) & 0x00FF_00FF_00FF_00FF
        lanes = (lanes &* 100 &+ (lanes &>> 16)) & 0x0000_FFFF_0000_FFFF
        return (count, (lanes & 0xFFFF) &* 10000 &+ (lanes &>> 32))
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// Reads a number written as a JSON string (`"77136000"`) or as a JSON number, as the
    /// string-number venues do; fails on any other type or on text that is not a finite number.
    mutating func readDecimal() throws(Failure) -> Double {
        guard try peek() == UInt8(ascii: "\"") else { return try readDouble() }
        let token = try readStringToken()
        guard !token.hasEscapes else { throw .badNumber }
        return try DecimalText.double(UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]), strict: false)
    }

    /// Reads a JSON integer that fits in `Int64`; fails on fractions, other types and overflow.
    mutating func readInt64() throws(Failure) -> Int64 {
        let next = try peek()
        guard next == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) else {
            throw .wrongType
        }
        if let whole = readPlainInteger(negative: next == UInt8(ascii: "-")) { return whole }
        let token = try readNumberToken()
        return try DecimalText.int64(UnsafeBufferPointer(rebasing: bytes[token]))
    }

    /// The commonest integer (a timestamp): up to 18 digits, no leading zero, no fraction and no
    /// exponent, read in one pass; `nil` (nothing consumed) for anything else, which
    /// ``readInt64()`` reads by the grammar.
    @inline(__always)
    private mutating func readPlainInteger(negative: Bool) -> Int64? {
        var position = negative ? index &+ 1 : index
        let first = position
        var value: Int64 = 0
        // Eight bytes at a time while eight remain; a run past 17 digits is left to the grammar
        // below, so the wrapping arithmetic never yields a value that is kept.
        while position &+ 8 <= bytes.count, position &- first < 18 {
            let (count, digits) = leadingDigits(at: position)
            value = value &* Int64(bitPattern: Self.powersOfTen[count]) &+ Int64(bitPattern: digits)
            position &+= count
            if count < 8 { break }
        }
        while position < bytes.count, position &- first < 18 {
            let digit = bytes[position] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            value = value &* 10 &+ Int64(digit)
            position &+= 1
        }
        let digits = position &- first
        guard digits > 0, digits < 18, digits == 1 || bytes[first] != UInt8(ascii: "0") else { return nil }
        if position < bytes.count {
            let after = bytes[position]
            guard after != UInt8(ascii: "."), after | 0x20 != UInt8(ascii: "e") else { return nil }
        }
        index = position
        return negative ? -value : value
    }

    /// Reads a string value; fails on any other type.
    mutating func readString() throws(Failure) -> StringToken {
        guard try peek() == UInt8(ascii: "\"") else { throw .wrongType }
        return try readStringToken()
    }

    /// Reads `true` or `false`; fails on any other type.
    mutating func readBool() throws(Failure) -> Bool {
        switch try peek() {
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return true
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return false
        default: throw .wrongType
        }
    }

    /// The bounds of a number token that follows JSON's grammar
    /// (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`).
    private mutating func readNumberToken() throws(Failure) -> Range<Int> {
        skipWhitespace()
        let start = index
        func digits() throws(Failure) -> Int {
            let first = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard index > first else { throw index < bytes.count ? .unexpected(bytes[index]) : .truncated }
            return index - first
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        let integerDigits = try digits()
        guard integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else { throw .badNumber }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            _ = try digits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            _ = try digits()
        }
        return start..<index
    }
}
