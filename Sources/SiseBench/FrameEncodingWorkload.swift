import ExchangeWire
import Foundation
import MarketDomain
import SiseSupport

/// Upbit DEFAULT ticker messages with the decimals the simulator sends (prices on the tick grid,
/// volumes to 8 decimals, values to 4, rates to 10), encoded as the simulator's firehose does
/// (by hand, `JSONTextWriter`) and by the `JSONEncoder` reference it replaced.
struct FrameEncodingWorkload {
    let tickers: [UpbitStreamTicker]

    init(tickers: some Sequence<UpbitStreamTicker>) {
        self.tickers = Array(tickers)
    }

    init(count: Int) {
        var generator = SystemRandomNumberGenerator()
        func decimals(_ range: ClosedRange<Double>, _ places: Double) -> Double {
            let scale = pow(10, places)
            return (Double.random(in: range, using: &generator) * scale).rounded() / scale
        }
        self.tickers = (0..<count).map { index in
            let price = KRWTickSize.snap(Double.random(in: 1...200_000_000, using: &generator))
            let change = KRWTickSize.snap(price * Double.random(in: -0.1...0.1, using: &generator))
            let rate = (change / price * 1e10).rounded() / 1e10
            return UpbitStreamTicker(
                code: "KRW-C\(index)", openingPrice: price - change, highPrice: price * 1.02, lowPrice: price * 0.97,
                tradePrice: price, prevClosingPrice: price - change, change: change < 0 ? "FALL" : "RISE",
                changePrice: abs(change), signedChangePrice: change, changeRate: abs(rate), signedChangeRate: rate,
                tradeVolume: decimals(0...50, 8), accTradeVolume: decimals(0...100_000, 8),
                accTradeVolume24h: decimals(0...200_000, 8), accTradePrice: decimals(0...1e11, 4),
                accTradePrice24h: decimals(0...2e11, 4), tradeDate: "20261124", tradeTime: "101530",
                tradeTimestamp: 1_795_000_000_000 + Int64(index), askBid: "BID",
                accAskVolume: decimals(0...50_000, 8), accBidVolume: decimals(0...50_000, 8),
                highest52WeekPrice: price * 1.5, highest52WeekDate: "2026-03-02", lowest52WeekPrice: price * 0.5,
                lowest52WeekDate: "2025-12-18", timestamp: 1_795_000_000_100 + Int64(index), streamType: "REALTIME")
        }
    }

    /// Encodes every ticker by hand into one reused writer; returns the bytes written.
    func encodeByHand() -> Int {
        var writer = JSONTextWriter(capacity: 1024)
        var total = 0
        for ticker in tickers {
            writer.removeAll()
            ticker.writeJSON(into: &writer, simple: false)
            total &+= writer.bytes.count
        }
        return total
    }

    /// Encodes every ticker with `JSONEncoder`; returns the bytes written.
    func encodeWithCodable() -> Int {
        let encoder = JSONEncoder()
        var total = 0
        for ticker in tickers { total &+= (try? encoder.encode(ticker).count) ?? 0 }
        return total
    }
}
