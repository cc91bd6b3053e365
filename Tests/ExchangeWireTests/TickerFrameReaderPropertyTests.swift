import ExchangeWire
import Foundation
import MarketDomain
import PropertyBased
import Testing

/// Properties of the byte readers: on random valid tickers they read exactly what the `Codable`
/// path reads, and no corruption of a frame makes them crash or hang.
@Suite struct TickerFrameReaderPropertyTests {
    /// One random valid frame of a dialect, written the way that dialect's servers may write it.
    struct RandomFrame: Sendable, CustomStringConvertible {
        var text: String
        var description: String { text }
    }

    // MARK: Generators

    /// A decimal in plain or exponent form, e.g. `116539000`, `1.16539E8`, `0.00054356`.
    static func decimal(_ rng: inout any SeededRandomNumberGenerator, allowNegative: Bool = false) -> String {
        let digits = Int.random(in: 1...17, using: &rng)
        var mantissa = String(UInt64.random(in: 1...UInt64(9), using: &rng))
        for _ in 1..<digits { mantissa.append(String(Int.random(in: 0...9, using: &rng))) }
        let scale = Int.random(in: -12...4, using: &rng)  // the value is mantissa × 10^scale
        let sign = allowNegative && Bool.random(using: &rng) ? "-" : ""
        switch Int.random(in: 0..<3, using: &rng) {
        case 0:  // exponent form, one digit before the point
            let exponent = scale + digits - 1
            let fraction = mantissa.dropFirst()
            let marker = ["e", "E"].randomElement(using: &rng)!
            let exponentText = exponent >= 0 && Bool.random(using: &rng) ? "+\(exponent)" : "\(exponent)"
            return sign + String(mantissa.prefix(1)) + (fraction.isEmpty ? "" : "." + fraction) + marker + exponentText
        default:  // plain
            if scale >= 0 { return sign + mantissa + String(repeating: "0", count: scale) }
            let point = digits + scale
            if point > 0 {
                return sign + String(mantissa.prefix(point)) + "." + String(mantissa.dropFirst(point))
            }
            return sign + "0." + String(repeating: "0", count: -point) + mantissa
        }
    }

    static func whitespace(_ rng: inout any SeededRandomNumberGenerator) -> String {
        ["", "", "", " ", "\n  ", "\t", "\r\n"].randomElement(using: &rng)!
    }

    static func code(_ rng: inout any SeededRandomNumberGenerator) -> (quote: String, base: String) {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        let base = String((0..<Int.random(in: 1...6, using: &rng)).map { _ in letters.randomElement(using: &rng)! })
        return (["KRW", "BTC", "USDT"].randomElement(using: &rng)!, base)
    }

    /// Unknown members of every JSON type, nested, with escapes.
    static func unknownMembers(_ rng: inout any SeededRandomNumberGenerator) -> [String] {
        let values = [
            #""NONE""#, "null", "true", "false", #""a \"quoted\" \\ \u00e9 text""#, #"{"x":[1,2,{"y":null}],"z":"}"}"#,
            "[[],[{}],\"]\"]", "-0.5e-3", "12345678901234567890",
        ]
        return (0..<Int.random(in: 0...6, using: &rng)).map { index in
            "\"extra_\(index)\":\(values.randomElement(using: &rng)!)"
        }
    }

    static func object(
        _ members: [String], _ rng: inout any SeededRandomNumberGenerator, shuffled: Bool = true
    ) -> String {
        "{" + whitespace(&rng)
            + (shuffled ? members.shuffled(using: &rng) : members).map {
                $0.replacingOccurrences(of: "\":", with: "\":" + whitespace(&rng))
            }
            .joined(separator: "," + whitespace(&rng)) + whitespace(&rng) + "}"
    }

    /// Upbit tickers with every key, half of them in the order Upbit writes them (the readers'
    /// fast path) with a key put in, left out or moved now and then, half in any order.
    static let upbitTickers = Generator<RandomFrame, _>(run: { rng in
        let simple = Bool.random(using: &rng)
        let (quote, base) = code(&rng)
        func key(_ full: String, _ short: String) -> String { "\"\(simple ? short : full)\":" }
        // Every member, in the order of exchange-apis.md §1.6; the first twelve and the three
        // 24 h ones are what the board needs.
        let required = [
            key("type", "ty") + #""ticker""#, key("code", "cd") + "\"\(quote)-\(base)\"",
            key("opening_price", "op") + decimal(&rng), key("high_price", "hp") + decimal(&rng),
            key("low_price", "lp") + decimal(&rng), key("trade_price", "tp") + decimal(&rng),
            key("prev_closing_price", "pcp") + decimal(&rng),
        ]
        let middle = [
            key("acc_trade_price", "atp") + decimal(&rng), key("change", "c") + #""RISE""#,
            key("change_price", "cp") + decimal(&rng),
        ]
        let signedPrice = [key("signed_change_price", "scp") + decimal(&rng, allowNegative: true)]
        let rate = [key("change_rate", "cr") + decimal(&rng)]
        let signedRate = [key("signed_change_rate", "scr") + decimal(&rng, allowNegative: true)]
        let rest = [
            key("ask_bid", "ab") + #""BID""#, key("trade_volume", "tv") + decimal(&rng),
            key("acc_trade_volume", "atv") + decimal(&rng), key("trade_date", "tdt") + #""20230221""#,
            key("trade_time", "ttm") + #""074102""#, key("trade_timestamp", "ttms") + "1676965262139",
            key("acc_ask_volume", "aav") + decimal(&rng), key("acc_bid_volume", "abv") + decimal(&rng),
            key("highest_52_week_price", "h52wp") + decimal(&rng),
            key("highest_52_week_date", "h52wdt") + #""2022-03-28""#,
            key("lowest_52_week_price", "l52wp") + decimal(&rng),
            key("lowest_52_week_date", "l52wdt") + #""2022-12-30""#,
            key("market_state", "ms") + #""ACTIVE""#, key("is_trading_suspended", "its") + "false",
            key("delisting_date", "dd") + "null", key("market_warning", "mw") + #""NONE""#,
        ]
        let last = [
            key("timestamp", "tms") + String(Int64.random(in: 0...4_000_000_000_000, using: &rng)),
            key("acc_trade_price_24h", "atp24h") + decimal(&rng),
            key("acc_trade_volume_24h", "atv24h") + decimal(&rng), key("stream_type", "st") + #""REALTIME""#,
        ]
        var members = required + middle + signedPrice + rate + signedRate + rest + last
        let inOrder = Bool.random(using: &rng)
        if inOrder {
            // Now and then a key the board does not need is left out, moved or put in.
            for _ in 0..<Int.random(in: 0...2, using: &rng) {
                let unneeded = members.indices.filter { index in
                    !(required + signedPrice + signedRate + last.dropLast()).contains(members[index])
                }
                let at = unneeded.randomElement(using: &rng)!
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: members.remove(at: at)
                case 1: members.insert(members.remove(at: at), at: Int.random(in: 0..<members.count, using: &rng))
                default: break
                }
            }
            for unknown in unknownMembers(&rng) {
                members.insert(unknown, at: Int.random(in: 0...members.count, using: &rng))
            }
        } else {
            members += unknownMembers(&rng)
        }
        return RandomFrame(text: object(members, &rng, shuffled: !inOrder))
    })

    static let korbitTickers = Generator<RandomFrame, _>(run: { rng in
        let (quote, base) = code(&rng)
        func field(_ name: String, negative: Bool = false) -> String {
            "\"\(name)\":\"\(decimal(&rng, allowNegative: negative))\""
        }
        var data = [
            field("open"), field("high"), field("low"), field("close"), field("prevClose"),
            field("priceChange", negative: true), field("priceChangePercent", negative: true), field("volume"),
            field("quoteVolume"), field("bestAskPrice"), field("bestBidPrice"),
        ]
        if Bool.random(using: &rng) {
            data.append("\"lastTradedAt\":\(Int64.random(in: 0...4_000_000_000_000, using: &rng))")
        }
        data += unknownMembers(&rng)
        var members = [
            "\"symbol\":\"\(base.lowercased())_\(quote.lowercased())\"",
            "\"timestamp\":\(Int64.random(in: 0...4_000_000_000_000, using: &rng))", #""type":"ticker""#,
            "\"data\":" + object(data, &rng),
        ]
        if Bool.random(using: &rng) { members.append(#""snapshot":true"#) }
        return RandomFrame(text: object(members, &rng))
    })

    static let binanceTickers = Generator<RandomFrame, _>(run: { rng in
        let quote = ["USDT", "BTC", "FDUSD", "USDC"].randomElement(using: &rng)!
        let base = code(&rng).base
        func field(_ name: String, negative: Bool = false) -> String {
            "\"\(name)\":\"\(decimal(&rng, allowNegative: negative))\""
        }
        var members = [
            #""e":"24hrTicker""#, "\"E\":\(Int64.random(in: 0...4_000_000_000_000, using: &rng))",
            "\"s\":\"\(base)\(quote)\"", field("p", negative: true), field("P", negative: true), field("w"), field("x"),
            field("c"), field("Q"), field("b"), field("B"), field("a"), field("A"), field("o"), field("h"), field("l"),
            field("v"), field("q"), "\"O\":0", "\"C\":86400000", "\"F\":0", "\"L\":18150", "\"n\":18151",
        ]
        members += unknownMembers(&rng).map { $0.replacingOccurrences(of: "extra_", with: "X") }
        let event = object(members, &rng)
        if Bool.random(using: &rng) {
            return RandomFrame(
                text: "{\"stream\":\"\(base.lowercased())\(quote.lowercased())@ticker\",\"data\":\(event)}")
        }
        return RandomFrame(text: event)
    })

    // MARK: Agreement

    @Test func upbitByteReaderAgreesWithCodableOnRandomValidTickers() async {
        await propertyCheck(count: 400, input: Self.upbitTickers) { frame in
            let bytes = Array(frame.text.utf8)
            guard case .ticker(let message) = try JSONDecoder().decode(UpbitStreamFrame.self, from: Data(bytes)) else {
                Issue.record("the reference did not read a ticker")
                return
            }
            #expect(UpbitTickerFrameReader.read(bytes) == message.toDomain().map(StreamFrameContent.ticker))
        }
    }

    @Test func korbitByteReaderAgreesWithCodableOnRandomValidTickers() async {
        await propertyCheck(count: 400, input: Self.korbitTickers) { frame in
            let bytes = Array(frame.text.utf8)
            guard case .ticker(let message) = try JSONDecoder().decode(KorbitStreamFrame.self, from: Data(bytes)) else {
                Issue.record("the reference did not read a ticker")
                return
            }
            #expect(KorbitTickerFrameReader.read(bytes) == message.toDomain().map(StreamFrameContent.ticker))
        }
    }

    @Test func binanceByteReaderAgreesWithCodableOnRandomValidTickers() async {
        await propertyCheck(count: 400, input: Self.binanceTickers) { frame in
            let bytes = Array(frame.text.utf8)
            guard case .ticker(let event) = try JSONDecoder().decode(BinanceStreamFrame.self, from: Data(bytes)) else {
                Issue.record("the reference did not read a ticker")
                return
            }
            #expect(BinanceTickerFrameReader.read(bytes) == event.toDomain().map(StreamFrameContent.ticker))
        }
    }

    // MARK: Corruption

    /// A valid frame of any dialect and a list of random corruptions to apply to it.
    struct CorruptedFrame: Sendable, CustomStringConvertible {
        var bytes: [UInt8]
        var description: String { String(decoding: bytes, as: UTF8.self) }
    }

    static let corruptedFrames = Generator<CorruptedFrame, _>(run: { rng in
        let source: Generator<RandomFrame, Shrink.None<RandomFrame>> =
            [upbitTickers, korbitTickers, binanceTickers].randomElement(using: &rng)!
        var bytes = Array(source.run(using: &rng).text.utf8)
        let interesting: [UInt8] = Array("{}[]\",:\\-+.eE0123456789tfnul \u{0}".utf8) + [0xFF, 0xC3, 0x80]
        for _ in 0..<Int.random(in: 1...4, using: &rng) where !bytes.isEmpty {
            let at = Int.random(in: 0..<bytes.count, using: &rng)
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...20, using: &rng)))
            case 1: bytes.insert(interesting.randomElement(using: &rng)!, at: at)
            case 2: bytes[at] = interesting.randomElement(using: &rng)!
            case 3: bytes = Array(bytes.prefix(at))
            default: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 30)], at: at)
            }
        }
        return CorruptedFrame(bytes: bytes)
    })

    /// A corruption the property found: `tms` repeated, its first value with a fraction a double
    /// cannot hold. `JSONDecoder` takes the first and reads the whole part; so must the byte reader.
    @Test func aTimestampWithAFractionPastADoublesPrecisionIsReadAsItsWholePart() throws {
        let frame = """
            {"tp":86000,"cd":"USDT-UIJC4","ty":"ticker","tms":98032940177128242.04,"tms":980329847785,\
            "scr":3240177128242.04,"scp":3.28161962957E6,"op":3.094589416141770e8,"hp":0.005290,\
            "lp":8.4263487436159408e+9,"pcp":34931.57,"atv24h":4.0150e+7,"atp24h":6.5247530E0,"st":"REALTIME"}
            """
        let message = try JSONDecoder().decode(UpbitStreamFrame.self, from: Data(frame.utf8))
        guard case .ticker(let ticker) = message else {
            Issue.record("the reference read \(message)")
            return
        }
        let reference = try #require(ticker.toDomain())
        #expect(reference.timestamp == 98_032_940_177_128_242)
        #expect(UpbitTickerFrameReader.read(Array(frame.utf8)) == .ticker(reference))
    }

    @Test func randomCorruptionsNeverCrashAndAgreeWhenBothReadATicker() async {
        await propertyCheck(count: 3000, input: Self.corruptedFrames) { frame in
            let upbit = UpbitTickerFrameReader.read(frame.bytes)
            _ = KorbitTickerFrameReader.read(frame.bytes)
            _ = BinanceTickerFrameReader.read(frame.bytes)
            // Where the strict reference still reads a ticker from a corrupted Upbit frame, so does the byte reader.
            if case .ticker(let message)? = try? JSONDecoder().decode(UpbitStreamFrame.self, from: Data(frame.bytes)),
                let reference = message.toDomain()
            {
                #expect(upbit == .ticker(reference))
            }
        }
    }
}
