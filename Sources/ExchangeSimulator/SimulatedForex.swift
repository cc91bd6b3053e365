import Foundation
import MarketDomain

/// The simulator's dollar (issue 29): a USD/KRW that drifts slowly, and a KRW-USDT that trades at
/// a tether premium over it drifting between −2 % and +5 % over hours, as tether does in Korea.
///
/// The tether coin's own walk (a stablecoin's: 0.2 % a day) is the dollar times the premium's
/// mean; its price is the walk moved by the premium of the moment. So USD/KRW is the walk over
/// the mean, KRW-USDT over USD/KRW is `1 + tetherPremium(at:)` (to a tick), and Binance's USDT
/// prices, measured against KRW-USDT, stay consistent with both.
enum SimulatedForex {
    /// The tether premium's middle: +1.5 %.
    static let meanTetherPremium = 0.015
    /// The dollar when the venue lists no tether.
    static let fallbackUSDKRW = 1_400.0

    /// The tether premium at `now` (Unix ms): 1.5 % ± 3.5 % over eight hours.
    static func tetherPremium(at now: Int64) -> Double {
        meanTetherPremium + 0.035 * sin(2 * .pi * Double(now) / 28_800_000)
    }

    /// How far the tether premium of `now` moves KRW-USDT from its walk.
    static func tetherFactor(at now: Int64) -> Double {
        (1 + tetherPremium(at: now)) / (1 + meanTetherPremium)
    }

    /// USD/KRW from the tether coin's walk.
    static func usdKRW(tetherWalk: Double) -> Double {
        tetherWalk / (1 + meanTetherPremium)
    }

    /// The tether premium of a past day (the daily history a back-fill reads): 1.5 % ± 2 %
    /// over about five weeks.
    static func pastTetherPremium(_ day: TradingDay) -> Double {
        meanTetherPremium + 0.02 * sin(2 * .pi * Double(day.daysSinceEpoch) / 37)
    }

    /// USD/KRW on a past day, from KRW-USDT's close that day.
    static func pastUSDKRW(tetherClose: Double, on day: TradingDay) -> Double {
        tetherClose / (1 + pastTetherPremium(day))
    }
}
