import ExchangeWire
import MarketDomain

extension SimulatedStock {
    /// This US stock as KIS's overseas `price` output on `exchange`: prices to four decimals as
    /// KIS writes them (`zdiv` 4), the change unsigned with its sign code, the rate signed.
    func kisOverseasPrice(exchange: KISOverseas.ExchangeCode) -> KISOverseasPriceOutput {
        let (bar, previous) = latest
        let change = bar.close - previous
        let before = history.dropLast(today == nil ? 1 : 0).last ?? bar
        return KISOverseasPriceOutput(
            rsym: "D\(exchange.rawValue)\(stock.code)", zdiv: "4", base: Self.usd(previous),
            pvol: WireDecimal(before.volume, decimals: 0), last: Self.usd(bar.close),
            sign: Self.overseasSign(price: bar.close, previous: previous), diff: Self.usd(abs(change)),
            rate: WireDecimal(previous > 0 ? change / previous * 100 : 0, decimals: 2),
            tvol: WireDecimal(bar.volume, decimals: 0), tamt: WireDecimal(latestTradeValue.rounded(), decimals: 0),
            ordy: "매수가능")
    }

    /// Bars as `dailyprice` rows, oldest first, each with its change from the day before and a
    /// best bid and ask a cent around the close.
    static func kisOverseasRows(_ bars: [StockBar]) -> [KISOverseasDailyRow] {
        var previous: Double?
        return bars.map { bar in
            let before = previous ?? bar.open
            previous = bar.close
            let change = bar.close - before
            return KISOverseasDailyRow(
                xymd: KISTime.compact(bar.day), clos: usd(bar.close),
                sign: overseasSign(price: bar.close, previous: before),
                diff: usd(abs(change)), rate: WireDecimal(before > 0 ? change / before * 100 : 0, decimals: 2),
                open: usd(bar.open), high: usd(bar.high), low: usd(bar.low), tvol: WireDecimal(bar.volume, decimals: 0),
                tamt: WireDecimal((bar.volume * (bar.open + bar.close) / 2).rounded(), decimals: 0),
                pbid: usd(bar.close - 0.01), vbid: WireDecimal(100, decimals: 0), pask: usd(bar.close + 0.01),
                vask: WireDecimal(100, decimals: 0))
        }
    }

    /// `2` rise, `3` flat, `5` fall (US markets have no daily limits).
    static func overseasSign(price: Double, previous: Double) -> String {
        price == previous ? "3" : price > previous ? "2" : "5"
    }

    private static func usd(_ value: Double) -> WireDecimal { WireDecimal(value, decimals: 4) }
}
