import Foundation
import HeadlessOutput
import MarketDomain
import MarketFeatures
import SiseSupport
import TestSupport
import Testing

/// The hand-written NDJSON of `stream` is the text `JSONEncoder` writes for the same record.
@Suite struct JSONTextWriterTests {
    private func encoderText(_ record: QuoteRecord) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(record), as: UTF8.self) + "\n"
    }

    private func writerText(_ record: QuoteRecord) -> String {
        var writer = JSONTextWriter()
        record.writeJSONLine(into: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test func aQuoteLineIsWhatJSONEncoderWrites() throws {
        let numbers: [Double] = [
            103_458_000, 0.0101643282, -11.5, 0.00001234, 1e-7, 1e16, 1.5e300, 5e-324, 0, -0.0, 123_456_789.125,
            0.1 + 0.2, 9_007_199_254_740_993, 1e21,
        ]
        for (index, number) in numbers.enumerated() {
            var quote = MarketFixtures.quote(MarketFixtures.ethereum, price: number, change: -number, value: number * 3)
            quote.ticker.timestamp = Int64(index) * 1_773_240_058_519
            let record = QuoteRecord(quote, exchange: .upbit)
            guard [record.changeRate, record.volume24h, record.tradeValue24h].allSatisfy(\.isFinite) else { continue }
            #expect(writerText(record) == (try encoderText(record)), "\(number)")
        }
    }

    @Test func namesAreEscapedAsJSONEncoderEscapesThem() throws {
        for name in ["엑스알피 [리플]", #"say "hi" \ back"#, "tab\tline\nfeed\r\u{8}\u{C}", "bell\u{7}nul\u{0}", "a/b", "😀"] {
            var quote = MarketFixtures.quote(MarketFixtures.bitcoin, price: 1, change: 0, value: 1)
            quote.market = Market(id: quote.market.id, koreanName: name, englishName: name)
            let record = QuoteRecord(quote, exchange: .bithumb)
            #expect(writerText(record) == (try encoderText(record)), "\(name)")
        }
    }

    @Test func aKeyMadeAtRunTimeIsEscapedAsAStringIs() {
        var writer = JSONTextWriter()
        writer.beginObject()
        writer.key(made: "a\"b")
        writer.integer(1)
        writer.key(made: "한")
        writer.string("x")
        writer.endObject()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"a\"b":1,"한":"x"}"#)
    }

    /// Values written with a cursor in room reserved once are the text the writer's own methods
    /// write, whatever the room: too little is tried again in more.
    @Test func valuesWrittenInPlaceAreTheWritersOwn() {
        let name = String(repeating: "엑스알피 \"q\"\t", count: 40)
        var expected = JSONTextWriter()
        expected.beginArray()
        expected.integer(7)
        expected.beginObject()
        expected.key("name")
        expected.string(name)
        expected.key("price")
        expected.number(0.0101643282)
        expected.key("big")
        expected.number(1e21)
        expected.key("at")
        expected.integer(-1_773_240_058_519)
        expected.key("open")
        expected.bool(true)
        expected.key("gone")
        expected.null()
        expected.endObject()
        expected.endArray()
        for limit in [0, 1, 64, 100, 4_096] {
            var writer = JSONTextWriter()
            writer.beginArray()
            writer.integer(7)
            writer.writeInPlace(upTo: limit) { out in
                out.beginObject()
                out.key("name")
                out.string(name)
                out.key("price")
                out.number(0.0101643282)
                out.key("big")
                out.number(1e21)
                out.key("at")
                out.integer(-1_773_240_058_519)
                out.key("open")
                out.bool(true)
                out.key("gone")
                out.null()
                out.endObject()
            }
            writer.endArray()
            #expect(writer.bytes == expected.bytes, "room \(limit)")
        }
    }

    /// A key made ahead of time (``JSONKey``: stored as whole words) and a key copied in short
    /// loads are written as the writer writes a key, at every length and in room of every size
    /// near what it needs (too little room is tried again in more).
    @Test func keysOfEveryLengthAreWrittenAlike() {
        let names: [StaticString] = [
            "",
            "a",
            "ab",
            "abc",
            "abcd",
            "abcde",
            "abcdef",
            "abcdefg",
            "abcdefgh",
            "abcdefghi",
            "abcdefghij",
            "abcdefghijk",
            "abcdefghijkl",
            "abcdefghijklm",
            "abcdefghijklmn",
            "abcdefghijklmno",
            "abcdefghijklmnop",
            "abcdefghijklmnopq",
            "abcdefghijklmnopqr",
            "abcdefghijklmnopqrs",
            "abcdefghijklmnopqrst",
            "abcdefghijklmnopqrstu",
            "abcdefghijklmnopqrstuv",
            "highest_52_week_price",
            "acc_trade_volume_24h_and_then_some",
        ]
        for name in names {
            let made = JSONKey(name)
            var expected = JSONTextWriter()
            expected.beginObject()
            expected.key(name)
            expected.integer(1)
            expected.key(name)
            expected.integer(2)
            expected.endObject()
            for limit in [0, 8, 20, 27, 30, 64] {
                var writer = JSONTextWriter()
                writer.writeInPlace(upTo: limit) { out in
                    out.beginObject()
                    out.key(made)
                    out.integer(1)
                    out.key(name)
                    out.integer(2)
                    out.endObject()
                }
                #expect(writer.bytes == expected.bytes, "\(name) in room \(limit)")
            }
        }
    }

    /// Strings read eight bytes at a time while none needs an escape are what `JSONEncoder` writes,
    /// wherever the escape falls.
    @Test func stringsOfEveryLengthAreEscapedAsJSONEncoderEscapesThem() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        for length in 0...26 {
            let plain = String(repeating: "x", count: length)
            var texts = [plain, plain + "한글", "😀" + plain]
            for place in [0, 7, 8, 9, 15, 16, 17] where place <= length {
                for special in ["\"", "\\", "\n", "\u{1}", "\u{1F}", "\u{7F}", "/"] {
                    var text = plain
                    text.insert(contentsOf: special, at: text.index(text.startIndex, offsetBy: place))
                    texts.append(text)
                }
            }
            for text in texts {
                var writer = JSONTextWriter()
                writer.string(text)
                #expect(
                    String(decoding: writer.bytes, as: UTF8.self)
                        == String(decoding: try encoder.encode(text), as: UTF8.self))
                var inPlace = JSONTextWriter()
                inPlace.writeInPlace(upTo: 0) { $0.string(text) }
                #expect(inPlace.bytes == writer.bytes, "\(text.debugDescription)")
            }
        }
    }

    @Test func nonFiniteNumbersAreNull() {
        var writer = JSONTextWriter()
        writer.beginArray()
        writer.number(.infinity)
        writer.number(.nan)
        writer.integer(-5)
        writer.bool(true)
        writer.null()
        writer.beginObject()
        writer.key("a")
        writer.beginArray()
        writer.endArray()
        writer.endObject()
        writer.endArray()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"[null,null,-5,true,null,{"a":[]}]"#)
    }

    @Test func numbersAndIntegersAreWrittenAsJSONEncoderWritesThem() throws {
        let doubles: [Double] = [
            0, -0.0, 1, -1, 999_999_999_999_999, 1e15 - 1, 1e15, -1e15, 123_456_789, 0.5, -2.5e-8, 1e300,
            Double(Int64.max), 140_000_000, 3_500,
        ]
        let integers: [Int64] = [0, -1, 7, Int64.max, Int64.min, 1_773_240_058_519]
        var writer = JSONTextWriter()
        writer.beginArray()
        for value in doubles { writer.number(value) }
        for value in integers { writer.integer(value) }
        writer.endArray()
        struct Values: Encodable {
            let doubles: [Double]
            let integers: [Int64]
            func encode(to encoder: any Encoder) throws {
                var container = encoder.unkeyedContainer()
                for value in doubles { try container.encode(value) }
                for value in integers { try container.encode(value) }
            }
        }
        let expected = String(
            decoding: try JSONEncoder().encode(Values(doubles: doubles, integers: integers)), as: UTF8.self)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
    }

    /// Prices, rates and volumes with a few decimals take the writer's short path; every kind of
    /// double, from that path's edges to random bit patterns, comes out as `JSONEncoder` writes it.
    @Test func fractionsOfEveryShapeAreWrittenAsJSONEncoderWritesThem() throws {
        var generator = SystemRandomNumberGenerator()
        var doubles: [Double] = [
            0.0001, 0.00009999999999999999, 1e-4 - 1e-20, 9_999_999.99999999, 9_999_999.999999999, 1e7 - 0.5,
            0.1, 0.2, 0.3, 0.1 + 0.2, 1.0 / 3, 2.0 / 3, 0.00012345678, 0.000123456789, 1_234_567.12345678,
            -0.0101643282, 99.99999999, 0.12345678901234, 5e-5, 123.456, 0.0011508769, 999_999_999_999_999.9,
            123_456_789_012_345.6, 12_345_678_901_234.56, 0.000123456789012345, 0.0001234567890123456,
            // 16 and 17 digits, the long path's: its edges (powers of two, just below 10^15 and
            // a power of ten, just above 1) and the simulator's sums.
            34_287_848_330.755432, 471_840_067_627.5749, 312_700_299_391.0244, 2.0, 1024.0000000000002,
            1.0000000000000002, 1.9999999999999998, 9.999999999999998, 99.99999999999999, 999_999_999_999_999.8,
            -123_456_789_012.34567, 4_503_599_627_370_495.5, 0.1 + 1, 1 + 1.0 / 3,
            // Below 10^-4: one digit, many, the edges of the exponent path.
            2.501e-05, 4e-05, -1.35e-06, 1e-5, 1e-15, 9.999999999999999e-05, 0x1p-20, 1e-15 * 0.999, 1e-16,
        ]
        for _ in 0..<4000 {
            let decimals = Int.random(in: 0...12, using: &generator)
            let units = Double(Int64.random(in: -10_000_000_000_000...10_000_000_000_000, using: &generator))
            doubles.append(units / pow(10, Double(decimals)))
            doubles.append(Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator)))
            doubles.append(Double.random(in: -10_000...10_000, using: &generator))
            // 15 significant digits and fewer, at every magnitude the short path takes.
            let digits = Double(Int64.random(in: 1...999_999_999_999_999, using: &generator))
            doubles.append(digits / pow(10, Double(Int.random(in: 0...19, using: &generator))))
            // 16 and 17 digits from 1 up to 10^15 (the long path): a day's volume summed up.
            doubles.append(Double.random(in: 1...1e15, using: &generator))
            doubles.append(Double.random(in: 1e9...1e12, using: &generator) + 0.12345678 * Double(decimals))
            // Below 10^-4 (the exponent path): a BTC market's price, a tiny trade's volume.
            doubles.append(Double.random(in: 1e-15...1e-4, using: &generator))
            doubles.append(Double(Int.random(in: 1...99_999, using: &generator)) / 1e9)
        }
        doubles.removeAll { !$0.isFinite }
        var writer = JSONTextWriter()
        writer.beginArray()
        for value in doubles { writer.number(value) }
        writer.endArray()
        let expected = String(decoding: try JSONEncoder().encode(doubles), as: UTF8.self)
        let written = String(decoding: writer.bytes, as: UTF8.self)
        guard written != expected else { return }
        let pairs = zip(
            written.dropFirst().dropLast().split(separator: ","), expected.dropFirst().dropLast().split(separator: ","))
        for (mine, theirs) in pairs where mine != theirs {
            Issue.record("wrote \(mine) where JSONEncoder writes \(theirs)")
        }
    }
}
