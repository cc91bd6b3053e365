import ExchangeWire
import Hummingbird
import MarketDomain
import SiseSupport

/// The simulated Bithumb public REST API (exchange-apis.md §2.1, §2.3): the Upbit-like v1 markets,
/// tickers (at most 200 a call) and daily candles, answering an unknown code with HTTP 200 and an
/// error body as Bithumb does; and (`BithumbRESTController+Legacy`) the legacy `/public` API.
struct BithumbRESTController<Context: RequestContext> {
    let venue: SimulatedVenue
    let now: @Sendable () -> Int64

    func register(on router: Router<Context>) {
        router.get(RouterPath(BithumbEndpoint.marketAll)) { request, _ in marketAll(request) }
        router.get(RouterPath(BithumbEndpoint.ticker)) { request, _ in tickers(request) }
        router.get(RouterPath(BithumbEndpoint.candlesDays)) { request, _ in candles(request) }
        // Bithumb's v1 serves minutes, weeks and months as Upbit does; no seconds (§9.4).
        router.get(RouterPath(UpbitEndpoint.candlesWeeks)) { request, _ in candles(request, .week) }
        router.get(RouterPath(UpbitEndpoint.candlesMonths)) { request, _ in candles(request, .month) }
        router.get(RouterPath(UpbitEndpoint.candlesMinutes)) { request, context in
            candles(request, UpbitIntervalCandleRows.minutes(context.parameters.get("unit")))
        }
        router.get(RouterPath(UpbitEndpoint.tradesTicks)) { request, _ in
            UpbitTradeRows.answer(FormQuery(request.uri), venue: venue, now: now(), unknownStatus: .ok)
        }
        router.get(RouterPath(UpbitEndpoint.orderbook)) { request, _ in
            // Bithumb answers an unknown code with HTTP 200 and the error body (§2.3).
            UpbitOrderbookRows.answer(FormQuery(request.uri), venue: venue, now: now(), unknownStatus: .ok)
        }
        registerLegacy(on: router)
        router.get("/public/assetsstatus/:currency") { _, context in
            assetsStatus(context.parameters.get("currency") ?? "")
        }
    }

    private func marketAll(_ request: Request) -> Response {
        let details = FormQuery(request.uri).get(BithumbEndpoint.Parameter.isDetails) == "true"
        let now = now()
        return .json(
            venue.markets(at: now).map {
                // Bithumb has one level: CAUTION for a market under 투자유의.
                let warned = venue.notices.flags(of: $0.id, on: .bithumb, at: now).warning
                return BithumbMarketDTO(
                    market: $0.id.rawValue, koreanName: $0.koreanName, englishName: $0.englishName,
                    marketWarning: details ? (warned ? "CAUTION" : "NONE") : nil)
            })
    }

    private func tickers(_ request: Request) -> Response {
        let codes = FormQuery(request.uri).list(BithumbEndpoint.Parameter.markets)
        guard !codes.isEmpty else {
            return .json(UpbitErrorBody.missingParameter, status: .badRequest)
        }
        guard codes.count <= BithumbEndpoint.maxTickerBatch else {
            return .json(UpbitErrorBody.tooManyMarkets, status: .badRequest)
        }
        var ids: [MarketID] = []
        for code in codes {
            guard let id = MarketID(code), venue.lists(id) else {
                // Bithumb answers an unknown code with HTTP 200 and the error body (§2.3).
                return .json(UpbitErrorBody.codeNotFound)
            }
            ids.append(id)
        }
        return .json(rows: venue.figures(ids, now: now()).map { $0.upbitTicker(epochsInKST: true) }, bytesPerRow: 720) {
            $0.writeJSON(into: &$1)
        }
    }

    private func candles(_ request: Request) -> Response {
        UpbitCandleRows.answer(
            FormQuery(request.uri), venue: venue, now: now(), readTo: Self.parseTo, unknownStatus: .ok)
    }

    private func candles(_ request: Request, _ interval: CandleInterval?) -> Response {
        UpbitIntervalCandleRows.answer(
            FormQuery(request.uri), interval: interval, venue: venue, now: now(), readTo: Self.parseTo,
            unknownStatus: .ok)
    }

    /// Bithumb reads a `to` without a zone as KST (§2.3); one with a zone as given.
    static func parseTo(_ text: String) -> Int64? {
        guard let time = UpbitTime.parseTo(text) else { return nil }
        let hasZone = text.count > 19 && (text.hasSuffix("Z") || text.dropFirst(19).contains { $0 == "+" || $0 == "-" })
        return hasZone ? time : time - UpbitTime.kstOffsetMilliseconds
    }

    /// Every KRW coin's deposit and withdrawal flags (`ALL`), or one coin's directly under `data`.
    private func assetsStatus(_ currency: String) -> Response {
        let time = now()
        let symbols = Set(venue.markets(at: time).map(\.symbol))
        func flags(_ symbol: String) -> BithumbAssetsStatus.Flags {
            let status = venue.notices.wallet(of: symbol, on: .bithumb, at: time)
            return BithumbAssetsStatus.Flags(
                depositStatus: status.deposit ? 1 : 0, withdrawalStatus: status.withdrawal ? 1 : 0)
        }
        let wanted = currency.uppercased()
        if wanted == "ALL" {
            return .json(
                BithumbAssetsStatus(data: Dictionary(uniqueKeysWithValues: symbols.map { ($0, flags($0)) })))
        }
        guard symbols.contains(wanted) else { return .json(BithumbLegacyStatus.notListed) }
        return .json(BithumbAssetsStatus.One(data: flags(wanted)))
    }
}

extension CoinFigures {
    /// This coin as a coin of Bithumb's legacy `ALL_KRW` ticker: every value a string.
    func bithumbLegacyTicker() -> BithumbLegacyTickerDTO {
        let (amount, rate) = change
        return BithumbLegacyTickerDTO(
            openingPrice: WireDecimal(open), closingPrice: WireDecimal(price), minPrice: WireDecimal(low),
            maxPrice: WireDecimal(high), unitsTraded: WireDecimal(dayVolume),
            accTradeValue: WireDecimal(dayValue, decimals: 4),
            prevClosingPrice: WireDecimal(previousClose), unitsTraded24H: WireDecimal(volume24h),
            accTradeValue24H: WireDecimal(value24h, decimals: 4), fluctate24H: WireDecimal(amount),
            fluctateRate24H: WireDecimal(rate * 100, decimals: 2))
    }
}
