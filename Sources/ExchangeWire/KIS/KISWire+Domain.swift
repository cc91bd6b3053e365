public import MarketDomain

extension KISPriceOutput {
    /// The domain quote, taken at `time`; `nil` when the price is not a number or is `0` (no such stock).
    public func toDomain(time: Int64) -> StockQuote? {
        guard let price = stckPrpr.value, price > 0 else { return nil }
        let previous = stckSdpr.value ?? price
        let sign: Double = prdyVrssSign == "4" || prdyVrssSign == "5" ? -1 : 1
        let change = prdyVrss.value.map { sign * abs($0) } ?? price - previous
        return StockQuote(
            code: stckShrnIscd, price: price, previousClose: previous, volume: acmlVol.value ?? 0,
            tradeValue: acmlTrPbmn.value ?? 0, dayHigh: stckHgpr.value ?? price, dayLow: stckLwpr.value ?? price,
            week52High: w52Hgpr.value, week52Low: w52Lwpr.value, timestamp: time, changePrice: change,
            changeRate: prdyCtrt.value.map { sign * abs($0) / 100 })
    }
}

extension KISDailyPriceResponse {
    /// The quote of `code` as its daily rows (newest first) tell it: today's row gives the price,
    /// the day's range, volume and the signed change; the row before, the previous close. The
    /// value traded is estimated as volume × price (the rows do not carry it), and the 52-week
    /// range is left out. `nil` when there is no readable row.
    public func quote(code: String, time: Int64) -> StockQuote? {
        guard let today = output.first, let price = today.stckClpr.value, price > 0 else { return nil }
        let sign: Double = today.prdyVrssSign == "4" || today.prdyVrssSign == "5" ? -1 : 1
        let change = today.prdyVrss.value.map { sign * abs($0) }
        let previous = output.dropFirst().first?.stckClpr.value ?? change.map { price - $0 } ?? price
        let volume = today.acmlVol.value ?? 0
        return StockQuote(
            code: code, price: price, previousClose: previous, volume: volume, tradeValue: volume * price,
            dayHigh: today.stckHgpr.value ?? price, dayLow: today.stckLwpr.value ?? price, timestamp: time,
            changePrice: change ?? price - previous,
            changeRate: today.prdyCtrt?.value.map { sign * abs($0) / 100 })
    }
}

extension KISDailyRow {
    /// The domain bar; `nil` when the date or a price cannot be read.
    public func toDomain() -> StockBar? {
        guard let day = KISTime.day(stckBsopDate), let open = stckOprc.value, let high = stckHgpr.value,
            let low = stckLwpr.value, let close = stckClpr.value, close > 0
        else { return nil }
        return StockBar(day: day, open: open, high: high, low: low, close: close, volume: acmlVol.value ?? 0)
    }
}

/// KIS's date spellings.
public enum KISTime {
    /// `20241002` → the day; `nil` when it is not `yyyyMMdd`.
    public static func day(_ text: String) -> TradingDay? {
        guard text.count == 8, let number = Int(text) else { return nil }
        return TradingDay(year: number / 10_000, month: number / 100 % 100, day: number % 100)
    }

    /// The day → `20241002`.
    public static func compact(_ day: TradingDay) -> String {
        let (year, month, dayOfMonth) = day.components
        return String(year * 10_000 + month * 100 + dayOfMonth)
    }

    /// KST `yyyy-MM-dd HH:mm:ss` of a Unix time in ms (the token's expiry).
    public static func kstDateTime(unixMilliseconds: Int64) -> String {
        let kst = unixMilliseconds + UpbitTime.kstOffsetMilliseconds
        return UpbitTime.isoLocal(unixMilliseconds: kst).replacingAll("T", with: " ")
    }

    /// Unix ms of a KST `yyyy-MM-dd HH:mm:ss`; `nil` when malformed.
    public static func parseKSTDateTime(_ text: String) -> Int64? {
        guard let time = UpbitTime.parseTo(text) else { return nil }
        return time - UpbitTime.kstOffsetMilliseconds
    }
}
