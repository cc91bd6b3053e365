import ExchangeWire
import Foundation
import MarketDomain
import TestSupport
import Testing

/// The byte readers against the docs' payloads and the `Codable` reference, field by field.
@Suite struct TickerFrameReaderTests {
    private func codableUpbit(_ json: String) throws -> Ticker? {
        guard case .ticker(let message) = try JSONDecoder().decode(UpbitStreamFrame.self, from: Data(json.utf8)) else {
            return nil
        }
        return message.toDomain()
    }

    private func ticker(_ content: StreamFrameContent) throws -> Ticker {
        guard case .ticker(let ticker) = content else {
            Issue.record("not a ticker: \(content)")
            throw CancellationError()
        }
        return ticker
    }

    @Test func theUpbitDocsTickerReadsAsTheCodablePathReadsIt() throws {
        let read = try ticker(UpbitTickerFrameReader.read(Array(UpbitDocPayloads.streamTicker.utf8)))
        #expect(read == (try codableUpbit(UpbitDocPayloads.streamTicker)))
        #expect(read.marketID.rawValue == "KRW-BTC")
        #expect(read.price == 32_287_000)
        #expect(read.changePrice == 404_000)
        #expect(read.changeRate == 0.0126713295)
        #expect(read.tradeValue24h == 228_827_082_483.70729)
        #expect(read.volume24h == 7158.80283560)
        #expect(read.previousClose == 31_883_000)
        #expect(read.timestamp == 1_676_965_262_177)
    }

    @Test func theSimpleFormatReadsToTheSameTicker() throws {
        let simple = try ticker(UpbitTickerFrameReader.read(Array(UpbitDocPayloads.streamTickerSimple.utf8)))
        #expect(simple == (try codableUpbit(UpbitDocPayloads.streamTickerSimple)))
        #expect(simple.marketID.rawValue == "KRW-BTC")
    }

    @Test func bithumbsV1TickerReadsWithTheUpbitReader() throws {
        let read = try ticker(UpbitTickerFrameReader.read(Array(BithumbDocPayloads.streamTicker.utf8)))
        #expect(read == (try codableUpbit(BithumbDocPayloads.streamTicker)))
        #expect(read.price == 493_100)
        #expect(read.timestamp == 1_725_927_377_287)
    }

    @Test func statusAndErrorFramesAreToldApart() {
        #expect(UpbitTickerFrameReader.read(Array(UpbitDocPayloads.status.utf8)) == .alive)
        #expect(
            UpbitTickerFrameReader.read(Array(UpbitDocPayloads.errorWebSocket.utf8))
                == .serverError("WRONG_FORMAT: ..."))
        #expect(
            UpbitTickerFrameReader.read(Array(BithumbDocPayloads.streamError.utf8))
                == .serverError("NO_TICKET: 티켓이 존재하지 않거나, 유효하지 않습니다."))
        #expect(UpbitTickerFrameReader.read(Array(#"{"type":"trade","code":"KRW-BTC"}"#.utf8)) == .alive)
        #expect(
            UpbitTickerFrameReader.read(Array(#"{"hello":1}"#.utf8))
                == .unreadable("neither a typed message, a status nor an error"))
    }

    @Test func exponentNumbersEscapesWhitespaceAndNestedUnknownsAreRead() throws {
        let json = """
            { "unknown" : {"a":[1,{"b":"}"},[[]],null,true]}, "tp" : 1.16539E8 , "ty":"tick\\u0065r",
              "cd":"KRW-\\u0042TC","op":1.1e8,"hp":120000000,"lp":1E+8,"pcp":1.0e8,"scp":1.6539e7,
              "scr":0.16539,"atv24h":12.5,"atp24h":1.5e9,"note":"a \\"quoted\\" \\\\ text","tms":1700000000000 }
            """
        let read = try ticker(UpbitTickerFrameReader.read(Array(json.utf8)))
        #expect(read == (try codableUpbit(json)))
        #expect(read.price == 116_539_000)
        #expect(read.marketID.rawValue == "KRW-BTC")
        #expect(read.low == 100_000_000)
    }

    /// A number nobody reads is skipped up to the first byte that is not a number's (a digit, a
    /// sign, a dot, `e` or `E`), eight bytes at a time: every byte, in every place of a word and in
    /// a frame's last few bytes, compact or spaced, either ends the number there (and the frame
    /// then fails at it) or is part of it.
    @Test func aSkippedNumberEndsAtItsFirstByteThatIsNotANumbers() throws {
        let spaced = UpbitDocPayloads.streamTickerSimple
        let compact = String(spaced.filter { !$0.isWhitespace })
        let expected = try ticker(UpbitTickerFrameReader.read(Array(spaced.utf8)))
        let numberBytes = Set("0123456789+-.eE".utf8)
        for frame in [spaced, compact] {
            let parts = frame.components(separatedBy: "78039261076.51241")
            try #require(parts.count == 2)
            let end = try #require(frame.lastIndex(of: "}"))
            for byte in UInt8(0)...UInt8(255) {
                for place in 1...14 {
                    var digits = Array("123456789012345".utf8)
                    digits.insert(byte, at: place)
                    // In the middle of the frame (a skipped key), and as its last member (an unknown key).
                    let middle = Array(parts[0].utf8) + digits + Array(parts[1].utf8)
                    let last = Array(frame[..<end].utf8) + Array(#","zz":"#.utf8) + digits + Array(frame[end...].utf8)
                    for bytes in [middle, last] {
                        let read = UpbitTickerFrameReader.read(bytes)
                        if numberBytes.contains(byte) {
                            #expect(read == .ticker(expected), "byte \(byte) at \(place)")
                        } else if case .unreadable = read {
                        } else {
                            Issue.record("byte \(byte) at \(place) read as \(read)")
                        }
                    }
                }
            }
        }
    }

    @Test func aLowerCaseCodeIsUpperCasedAsTheDomainDoes() throws {
        let json = UpbitDocPayloads.streamTicker.replacingOccurrences(of: "\"KRW-BTC\"", with: "\"krw-btc\"")
        #expect(try ticker(UpbitTickerFrameReader.read(Array(json.utf8))).marketID == MarketID("KRW-BTC"))
    }

    @Test func theKorbitDocsTickersReadAsTheCodablePathReadsThem() throws {
        for json in [KorbitDocPayloads.streamSnapshot, KorbitDocPayloads.streamRealtime] {
            let read = try ticker(KorbitTickerFrameReader.read(Array(json.utf8)))
            guard case .ticker(let message) = try JSONDecoder().decode(KorbitStreamFrame.self, from: Data(json.utf8))
            else { throw CancellationError() }
            #expect(read == message.toDomain())
            #expect(read.marketID.rawValue == "KRW-BTC" || read.marketID.rawValue == "KRW-ETH")
        }
        #expect(KorbitTickerFrameReader.read(Array(KorbitDocPayloads.streamAck.utf8)) == .alive)
        guard case .serverError(let message) = KorbitTickerFrameReader.read(Array(KorbitDocPayloads.streamFail.utf8))
        else {
            Issue.record("a fail status is an error")
            return
        }
        #expect(message.hasPrefix("INVALID_SYMBOL"))
    }

    @Test func theBinanceDocsTickerReadsAsTheCodablePathReadsIt() throws {
        let read = try ticker(BinanceTickerFrameReader.read(Array(BinanceDocPayloads.streamTicker.utf8)))
        guard
            case .ticker(let event) = try JSONDecoder().decode(
                BinanceStreamFrame.self, from: Data(BinanceDocPayloads.streamTicker.utf8))
        else { throw CancellationError() }
        #expect(read == event.toDomain())
        #expect(read.marketID.rawValue == "BTC-BNB")
        #expect(read.price == 0.0025)
        #expect(read.timestamp == 1_672_515_782_136)
        let wrapped = #"{"stream":"bnbbtc@ticker","data":"# + BinanceDocPayloads.streamTicker + "}"
        #expect(BinanceTickerFrameReader.read(Array(wrapped.utf8)) == .ticker(read))
        #expect(BinanceTickerFrameReader.read(Array(BinanceDocPayloads.subscribeReply.utf8)) == .alive)
        #expect(
            BinanceTickerFrameReader.read(Array(BinanceDocPayloads.streamError.utf8))
                == .serverError("2: Invalid request: unknown method"))
    }

    @Test func numbersAreTheNearestDoubleOfTheirDecimal() throws {
        for text in [
            "0.1", "1e-7", "123456789012345678901234567890", "0.000000000000000000000000001", "9007199254740993",
            "1.7976931348623157e308", "4.9e-324", "-0", "2.2250738585072011e-308", "1.16539E8", "100650000",
            "0.00054356", "89632429.21566",
        ] {
            let json =
                #"{"type":"ticker","code":"KRW-BTC","opening_price":1,"high_price":1,"low_price":1,"trade_price":"#
                + text
                + #","prev_closing_price":1,"signed_change_price":0,"signed_change_rate":0,"acc_trade_volume_24h":0,"acc_trade_price_24h":0,"timestamp":1}"#
            let read = try ticker(UpbitTickerFrameReader.read(Array(json.utf8)))
            #expect(read.price == Double(text), "\(text)")
            #expect(read.price == (try codableUpbit(json))?.price, "\(text)")
        }
    }

    /// Digit runs are read eight bytes at a time: runs of every length, ending at every distance
    /// from the frame's end (the last member, then 0 to 9 spaces), on both sides of a word and of
    /// the mantissa's 19 digits, read as `Double(String)` and the `Codable` path read them.
    @Test func digitRunsOfEveryLengthAndPlaceAreReadAsTheCodablePathReadsThem() throws {
        let digits = Array("738150492618304957261839")
        /// `count` digits from the list, the first never 0 (JSON allows no leading zero).
        func run(_ count: Int, from first: Int) -> String {
            let run = String((0..<count).map { digits[(first + $0) % digits.count] })
            return run.hasPrefix("0") ? "9" + run.dropFirst() : run
        }
        var numbers: [String] = []
        for whole in 1...22 {
            numbers.append(run(whole, from: whole))
            numbers.append(run(whole, from: whole) + "." + run(23 - whole, from: 3))
            numbers.append("0." + String(repeating: "0", count: whole % 5) + run(whole, from: 7))
            numbers.append(run(whole, from: 2) + "000000000")
        }
        let head =
            #"{"type":"ticker","code":"KRW-BTC","opening_price":1,"high_price":1,"low_price":1,"#
            + #""prev_closing_price":1,"signed_change_price":0,"signed_change_rate":0,"acc_trade_volume_24h":0,"#
            + #""acc_trade_price_24h":0,"#
        for number in numbers {
            for padding in 0...9 {
                let spaces = String(repeating: " ", count: padding)
                let json = head + #""timestamp":1,"trade_price":"# + number + "}" + spaces
                let read = try ticker(UpbitTickerFrameReader.read(Array(json.utf8)))
                #expect(read.price == Double(number), "\(number) + \(padding) spaces")
                #expect(read.price == (try codableUpbit(json))?.price, "\(number) + \(padding) spaces")
                guard !number.contains("."), number.count <= 19 else { continue }
                let stamped = head + #""trade_price":1,"timestamp":"# + number + "}" + spaces
                let content = UpbitTickerFrameReader.read(Array(stamped.utf8))
                if let whole = Int64(number) {
                    #expect(try ticker(content).timestamp == whole, "\(number) + \(padding) spaces")
                } else if case .ticker = content {
                    Issue.record("\(number) is past Int64, yet read as \(content)")
                }
            }
        }
    }

    @Test func wholeTimestampsInAnyNotationAreReadExactly() throws {
        let cases: [(String, Int64?)] = [
            ("1676965262139", 1_676_965_262_139), ("253137234362E7", 2_531_372_343_620_000_000),
            ("1.676965262139e12", 1_676_965_262_139), ("1676965262139.000", 1_676_965_262_139),
            ("-5", -5), ("2974102683510.000000000", 2_974_102_683_510), ("1.5", nil), ("9223372036854775808", nil),
            ("1e19", nil), ("1e", nil), ("98032940177128242.04", 98_032_940_177_128_242),
            ("9007199254740993.5", 9_007_199_254_740_993), ("1676965262139.04", nil),
            // Either side of the plain reader's 18 digits, and what it leaves to the grammar.
            ("12345678901234567", 12_345_678_901_234_567), ("123456789012345678", 123_456_789_012_345_678),
            ("9223372036854775807", Int64.max), ("-9223372036854775808", Int64.min), ("0", 0), ("-0", 0),
            ("0123", nil), ("-", nil), ("-x", nil), ("17e2", 1700),
        ]
        for (text, expected) in cases {
            let json =
                #"{"type":"ticker","code":"KRW-BTC","opening_price":1,"high_price":1,"low_price":1,"trade_price":1,"#
                + #""prev_closing_price":1,"signed_change_price":0,"signed_change_rate":0,"acc_trade_volume_24h":0,"#
                + #""acc_trade_price_24h":0,"timestamp":"# + text + "}"
            let content = UpbitTickerFrameReader.read(Array(json.utf8))
            if let expected {
                #expect(try ticker(content).timestamp == expected, "\(text)")
                #expect(try codableUpbit(json)?.timestamp == expected, "\(text)")
            } else {
                guard case .unreadable = content else {
                    Issue.record("\(text) was read as \(content)")
                    continue
                }
            }
        }
    }
}
