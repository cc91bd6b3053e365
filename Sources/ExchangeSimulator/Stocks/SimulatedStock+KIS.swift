import ExchangeWire
import MarketDomain

extension SimulatedStock {
    /// This stock as `inquire-price`'s `output`, every field of exchange-apis.md §5.5 present.
    func kisPrice() -> WithExtraFields<KISPriceOutput> {
        let (bar, previous) = latest
        let change = bar.close - previous
        let week = week52
        let output = KISPriceOutput(
            stckShrnIscd: stock.code, stckPrpr: WireDecimal(bar.close), prdyVrss: WireDecimal(change),
            prdyVrssSign: Self.kisSign(price: bar.close, previous: previous),
            prdyCtrt: WireDecimal(previous > 0 ? change / previous * 100 : 0, decimals: 2),
            acmlVol: WireDecimal(bar.volume), acmlTrPbmn: WireDecimal(latestTradeValue.rounded()),
            stckOprc: WireDecimal(bar.open), stckHgpr: WireDecimal(bar.high), stckLwpr: WireDecimal(bar.low),
            stckMxpr: WireDecimal(KRXPriceRules.upperLimit(previousClose: previous)),
            stckLlam: WireDecimal(KRXPriceRules.lowerLimit(previousClose: previous)), stckSdpr: WireDecimal(previous),
            asprUnit: WireDecimal(KRXPriceRules.tickSize(for: bar.close)), w52Hgpr: WireDecimal(week.high.high),
            w52HgprDate: KISTime.compact(week.high.day), w52Lwpr: WireDecimal(week.low.low),
            w52LwprDate: KISTime.compact(week.low.day), bstpKorIsnm: "전기.전자",
            rprsMrktKorName: stock.market == .kospi ? "KOSPI200" : "KOSDAQ150")
        let volumeRate = history.last.map { $0.volume > 0 ? bar.volume / $0.volume * 100 : 0 } ?? 0
        return WithExtraFields(
            output,
            extra: [
                ("prdy_vrss_vol_rate", WireDecimal(volumeRate, decimals: 2).text),
                ("hts_avls", WireDecimal((bar.close * dailyVolume * 50 / 1e8).rounded()).text),
                ("temp_stop_yn", "N"), ("short_over_yn", "N"), ("mrkt_warn_cls_code", "00"), ("per", "12.50"),
                ("pbr", "1.10"), ("eps", "0.00"), ("bps", "0.00"),
                ("lstn_stcn", WireDecimal((dailyVolume * 50).rounded()).text),
                ("hts_frgn_ehrt", "0.00"),
            ])
    }

    /// This stock as `inquire-daily-itemchartprice`'s `output1`, with its Korean name.
    func kisChartSummary() -> WithExtraFields<KISChartSummary> {
        let (bar, previous) = latest
        let change = bar.close - previous
        let summary = KISChartSummary(
            htsKorIsnm: stock.koreanName, stckShrnIscd: stock.code, stckPrpr: WireDecimal(bar.close),
            stckPrdyClpr: WireDecimal(previous))
        let before = history.dropLast(today == nil ? 1 : 0).last ?? bar
        return WithExtraFields(
            summary,
            extra: [
                ("prdy_vrss", WireDecimal(change).text),
                ("prdy_vrss_sign", Self.kisSign(price: bar.close, previous: previous)),
                ("prdy_ctrt", WireDecimal(previous > 0 ? change / previous * 100 : 0, decimals: 2).text),
                ("acml_vol", WireDecimal(bar.volume).text),
                ("acml_tr_pbmn", WireDecimal(latestTradeValue.rounded()).text),
                ("prdy_vol", WireDecimal(before.volume).text),
                ("stck_mxpr", WireDecimal(KRXPriceRules.upperLimit(previousClose: previous)).text),
                ("stck_llam", WireDecimal(KRXPriceRules.lowerLimit(previousClose: previous)).text),
                ("stck_oprc", WireDecimal(bar.open).text), ("stck_hgpr", WireDecimal(bar.high).text),
                ("stck_lwpr", WireDecimal(bar.low).text), ("stck_prdy_oprc", WireDecimal(before.open).text),
                ("stck_prdy_hgpr", WireDecimal(before.high).text), ("stck_prdy_lwpr", WireDecimal(before.low).text),
                ("askp", WireDecimal(bar.close + KRXPriceRules.tickSize(for: bar.close)).text),
                ("bidp", WireDecimal(bar.close).text), ("prdy_vrss_vol", WireDecimal(bar.volume - before.volume).text),
                ("vol_tnrt", "0.00"), ("stck_fcam", "100"),
                ("lstn_stcn", WireDecimal((dailyVolume * 50).rounded()).text),
                ("cpfn", "0"), ("hts_avls", WireDecimal((bar.close * dailyVolume * 50 / 1e8).rounded()).text),
                ("per", "12.50"), ("eps", "0.00"), ("pbr", "1.10"),
            ])
    }

    /// Bars as KIS rows, oldest first, each with its change from the day before.
    static func kisRows(_ bars: [StockBar]) -> [KISDailyRow] {
        var previous: Double?
        return bars.map { bar in
            let before = previous ?? bar.open
            previous = bar.close
            let change = bar.close - before
            return KISDailyRow(
                stckBsopDate: KISTime.compact(bar.day), stckOprc: WireDecimal(bar.open),
                stckHgpr: WireDecimal(bar.high),
                stckLwpr: WireDecimal(bar.low), stckClpr: WireDecimal(bar.close), acmlVol: WireDecimal(bar.volume),
                prdyVrss: WireDecimal(change), prdyVrssSign: kisSign(price: bar.close, previous: before),
                acmlTrPbmn: WireDecimal((bar.volume * (bar.open + bar.close) / 2).rounded()),
                prdyCtrt: WireDecimal(before > 0 ? change / before * 100 : 0, decimals: 2))
        }
    }

    /// `1` upper limit, `2` rise, `3` flat, `4` lower limit, `5` fall.
    static func kisSign(price: Double, previous: Double) -> String {
        if price == previous { return "3" }
        if price > previous { return price >= KRXPriceRules.upperLimit(previousClose: previous) ? "1" : "2" }
        return price <= KRXPriceRules.lowerLimit(previousClose: previous) ? "4" : "5"
    }
}
