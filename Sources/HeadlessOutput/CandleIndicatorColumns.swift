import Foundation
public import MarketDomain

/// The indicator columns `sise candles --indicators ma20,ema50,bb,rsi,macd` adds (issue 30,
/// point 6), computed by ``Indicators`` over the candles' closes.
public struct CandleIndicatorColumns: Sendable, Equatable {
    /// One indicator asked for.
    public enum Indicator: Sendable, Equatable {
        case simpleAverage(Int)
        case exponentialAverage(Int)
        /// Bollinger bands (20, 2).
        case bollinger
        case relativeStrength(Int)
        /// MACD (12, 26, 9).
        case macd
    }

    public let indicators: [Indicator]

    /// A list that cannot be read, with the part that could not.
    public struct ParseError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Reads `ma20,ema50,bb,rsi,rsi9,macd` (`ma`/`sma` and `ema` take a period of 2 to 500,
    /// `rsi` 14 without one).
    public init(parsing text: String) throws(ParseError) {
        var indicators: [Indicator] = []
        for token in text.lowercased().split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            func period(after prefix: String) -> Int? {
                guard token.hasPrefix(prefix), let number = Int(token.dropFirst(prefix.count)),
                    (2...500).contains(number)
                else { return nil }
                return number
            }
            if token == "bb" {
                indicators.append(.bollinger)
            } else if token == "macd" {
                indicators.append(.macd)
            } else if token == "rsi" {
                indicators.append(.relativeStrength(14))
            } else if let number = period(after: "rsi") {
                indicators.append(.relativeStrength(number))
            } else if let number = period(after: "ema") {
                indicators.append(.exponentialAverage(number))
            } else if let number = period(after: "sma") ?? period(after: "ma") {
                indicators.append(.simpleAverage(number))
            } else {
                throw ParseError(
                    description: "'\(token)' is not an indicator: use ma20, ema50, bb, rsi (or rsi9) and macd")
            }
        }
        guard !indicators.isEmpty else { throw ParseError(description: "no indicator named") }
        self.indicators = indicators
    }

    /// The column names, in order.
    public var names: [String] {
        indicators.flatMap { indicator -> [String] in
            switch indicator {
            case .simpleAverage(let period): ["ma\(period)"]
            case .exponentialAverage(let period): ["ema\(period)"]
            case .bollinger: ["bbMiddle", "bbUpper", "bbLower"]
            case .relativeStrength(let period): ["rsi\(period)"]
            case .macd: ["macd", "macdSignal", "macdHistogram"]
            }
        }
    }

    /// How many candles before the first one shown the slowest indicator needs to be defined.
    public var warmUp: Int {
        indicators.map { indicator in
            switch indicator {
            case .simpleAverage(let period), .exponentialAverage(let period), .relativeStrength(let period): period - 1
            case .bollinger: 19
            case .macd: 33
            }
        }.max() ?? 0
    }

    /// Each candle's values (oldest first), in ``names``' order; `nil` where one is not defined.
    public func values(_ candles: [IntervalCandle]) -> [[Double?]] {
        let closes = candles.map(\.close)
        var columns: [[Double?]] = []
        for indicator in indicators {
            switch indicator {
            case .simpleAverage(let period):
                columns.append(Indicators.simpleMovingAverage(closes, period: period))
            case .exponentialAverage(let period):
                columns.append(Indicators.exponentialMovingAverage(closes, period: period))
            case .bollinger:
                let bands = Indicators.bollingerBands(closes)
                columns += [bands.map { $0?.middle }, bands.map { $0?.upper }, bands.map { $0?.lower }]
            case .relativeStrength(let period):
                columns.append(Indicators.relativeStrengthIndex(closes, period: period))
            case .macd:
                let macd = Indicators.macd(closes)
                columns += [macd.line, macd.signal, macd.histogram]
            }
        }
        return candles.indices.map { index in columns.map { $0[index] } }
    }
}

/// A candle as `sise candles --indicators` prints it in JSON: the candle's fields and each
/// indicator's value by its column name (`null` where not defined).
public struct IndicatorCandleRecord: Encodable, Sendable {
    public var candle: IntervalCandleRecord
    public var indicators: [(name: String, value: Double?)]

    /// The record of a candle and its indicator values.
    public init(_ candle: IntervalCandle, names: [String], values: [Double?]) {
        self.candle = IntervalCandleRecord(candle)
        indicators = Array(zip(names, values)).map { (name: $0.0, value: $0.1) }
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: any Encoder) throws {
        try candle.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        for (name, value) in indicators { try container.encode(value, forKey: Key(stringValue: name)) }
    }
}
