import Foundation
import Hummingbird
import HummingbirdTesting
import MarketDomain
import Testing

@testable import ExchangeSimulator

/// The candles as each REST shape serves them (issue 63, item 1): Upbit's and Bithumb's
/// `/v1/candles/…` rows and Binance's klines, their volume-weighted price (trade value ÷ volume)
/// inside their low and high. 285 of 300 one-minute candles were outside, often by 1 %.
@Suite struct CandleShapesTests {
    /// 2026-03-11 14:40:58 UTC.
    private static let start: Int64 = 1_773_240_058_519

    private static func simulator() throws -> ExchangeSimulator {
        let simulator = try ExchangeSimulator(
            configuration: SimulatorConfiguration(marketCount: 8, seed: 12), now: { start + 121_000 })
        for second in stride(from: Int64(1), through: 120, by: 1) {
            _ = simulator.market.trade(count: 3, now: start + second * 1_000)
        }
        return simulator
    }

    /// Whether `value ÷ volume` lies inside `low…high`, give or take what the wire's rounding of the
    /// volume (8 decimals) and the value (4 to 8) can move it.
    private static func expectInside(value: Double, volume: Double, low: Double, high: Double, _ what: String) {
        let average = value / volume
        let slack = 1e-9 + 1e-8 / volume + 1e-4 / value
        #expect(
            average >= low * (1 - slack) && average <= high * (1 + slack), "\(what): \(average) ∉ \(low)…\(high)")
    }

    @Test(arguments: [Exchange.upbit, .bithumb])
    func upbitShapedRowsAverageInsideTheirRange(_ exchange: Exchange) async throws {
        let app = Application(router: try Self.simulator().buildRouter(for: exchange))
        var paths = ["minutes/1", "minutes/3", "minutes/5", "minutes/15", "minutes/60", "minutes/240", "days", "weeks"]
        if exchange == .upbit { paths.append("seconds") }
        for path in paths {
            let rows = try #require(
                try await routerJSON(app, "/v1/candles/\(path)?market=KRW-BTC&count=200") as? [[String: Any]])
            #expect(rows.count >= 10, "\(exchange) \(path)")
            var checked = 0
            for row in rows {
                guard let value = (row["candle_acc_trade_price"] as? NSNumber)?.doubleValue,
                    let volume = (row["candle_acc_trade_volume"] as? NSNumber)?.doubleValue, volume > 0,
                    let low = (row["low_price"] as? NSNumber)?.doubleValue,
                    let high = (row["high_price"] as? NSNumber)?.doubleValue
                else { continue }
                Self.expectInside(
                    value: value, volume: volume, low: low, high: high,
                    "\(exchange) \(path) \(row["candle_date_time_utc"] ?? "")")
                checked += 1
            }
            #expect(checked >= 10, "\(exchange) \(path)")
        }
    }

    @Test func binanceKlinesAverageInsideTheirRange() async throws {
        let app = Application(router: try Self.simulator().buildRouter(for: .binance))
        for interval in ["1s", "1m", "5m", "1h", "4h", "1d", "1w"] {
            let rows = try #require(
                try await routerJSON(app, "/api/v3/klines?symbol=BTCUSDT&interval=\(interval)&limit=300") as? [[Any]])
            #expect(rows.count >= 10, "\(interval)")
            for row in rows {
                guard row.count > 7, let high = Double(row[2] as? String ?? ""),
                    let low = Double(row[3] as? String ?? ""),
                    let volume = Double(row[5] as? String ?? ""), volume > 0,
                    let quote = Double(row[7] as? String ?? "")
                else { continue }
                Self.expectInside(value: quote, volume: volume, low: low, high: high, "binance \(interval) \(row[0])")
            }
        }
    }
}
