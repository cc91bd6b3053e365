import Dispatch
import Foundation
import MarketDomain

extension SimulatedCoin {
    /// The coins of `markets`, each made from `generator` as if one after the other (a year of
    /// daily history each, the simulator's start-up work), but on every core at once: each coin's
    /// draws begin where ``draws(for:historyDays:)`` says the ones before it end. `generator` is
    /// left where the last coin's draws end.
    static func make(
        _ markets: [Market], now: Int64, historyDays: Int, worldSeed: UInt64, generator: inout SeededGenerator
    ) -> [SimulatedCoin] {
        var next = generator
        let starts = markets.map { market in
            defer { next = next.skipping(draws(for: market, historyDays: historyDays)) }
            return next
        }
        generator = next
        let slices = min(max(ProcessInfo.processInfo.activeProcessorCount, 1), max(markets.count / 32, 1))
        guard slices > 1 else {
            return markets.indices.map { index in
                var own = starts[index]
                return SimulatedCoin(
                    market: markets[index], now: now, historyDays: historyDays, worldSeed: worldSeed,
                    generator: &own)
            }
        }
        return [SimulatedCoin](unsafeUninitializedCapacity: markets.count) { coins, initialized in
            let slots = Slots(base: coins.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: slices) { slice in
                let range = (markets.count * slice / slices)..<(markets.count * (slice + 1) / slices)
                for index in range {
                    var own = starts[index]
                    (slots.base + index).initialize(
                        to: SimulatedCoin(
                            market: markets[index], now: now, historyDays: historyDays, worldSeed: worldSeed,
                            generator: &own))
                }
            }
            initialized = markets.count
        }
    }

    /// The array's storage, shared by the slices: each initializes only its own indices, and the
    /// array is whole only once every slice is done.
    private struct Slots: @unchecked Sendable {
        let base: UnsafeMutablePointer<SimulatedCoin>
    }
}
