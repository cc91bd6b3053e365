public import MarketDomain

/// What a price chart draws over and under its candles (issue 30): the moving averages (20 and
/// 60), the Bollinger bands (20, 2) and one oscillator pane (RSI 14 or MACD 12 26 9). Volume is
/// always drawn.
public struct ChartStudies: Sendable, Equatable, Codable {
    public var averages = true
    public var bands = false
    public var oscillator: ChartOscillator = .none

    public init() {}
}

/// The pane under a price chart's volume: none, the RSI or MACD.
public enum ChartOscillator: String, Sendable, Equatable, Codable, CaseIterable {
    case none
    case rsi
    case macd

    /// The next one round the cycle none → RSI → MACD → none.
    public var next: ChartOscillator {
        switch self {
        case .none: .rsi
        case .rsi: .macd
        case .macd: .none
        }
    }
}

extension CandleInterval {
    /// The intervals a price chart offers on `exchange` (exchange-apis.md §9.4), shortest first:
    /// seconds on Upbit and Binance, Korbit without 3 minutes and months.
    public static func chartChoices(on exchange: Exchange) -> [CandleInterval] {
        let common: [CandleInterval] = [
            .minute, .threeMinutes, .fiveMinutes, .fifteenMinutes, .thirtyMinutes, .hour, .fourHours, .day, .week,
            .month,
        ]
        switch exchange {
        case .upbit, .binance: return [.second] + common
        case .bithumb: return common
        case .korbit: return common.filter { $0 != .threeMinutes && $0 != .month }
        }
    }

    /// The key that chooses it in a detail: `s`, then `1`–`0` from a minute to a month.
    public var chartKey: Character? {
        switch self {
        case .second: "s"
        case .minute: "1"
        case .threeMinutes: "2"
        case .fiveMinutes: "3"
        case .fifteenMinutes: "4"
        case .thirtyMinutes: "5"
        case .hour: "6"
        case .fourHours: "7"
        case .day: "8"
        case .week: "9"
        case .month: "0"
        case .tenMinutes: nil
        }
    }

    /// Its name on a chart's button: `1m`, `1h`, `1D`, `1W`, `1M`.
    public var chartName: String {
        switch self {
        case .day: "1D"
        case .week: "1W"
        default: rawValue
        }
    }
}
