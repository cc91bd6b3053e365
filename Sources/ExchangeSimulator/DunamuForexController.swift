import ExchangeWire
import Foundation
import Hummingbird
import MarketDomain

/// The simulated Dunamu forex quote (exchange-apis.md §9.1), served beside Upbit (Dunamu runs
/// both): `GET /v1/forex/recent?codes=FRX.KRWUSD` answers a one-quote array with the simulated
/// USD/KRW (``SimulatedForex``) as a bank's 매매기준율; other codes an empty array, as the real one.
struct DunamuForexController<Context: RequestContext> {
    let world: SimulatedMarket
    let now: @Sendable () -> Int64

    func register(on router: Router<Context>) {
        router.get(RouterPath(DunamuForexEndpoint.recent)) { request, _ in
            let codes = (FormQuery(request.uri).get(DunamuForexEndpoint.codes) ?? "").split(separator: ",")
            guard codes.contains(where: { $0 == DunamuForexEndpoint.usdKRW }) else {
                return Response.json([DunamuForexQuote]())
            }
            return Response.json([Self.quote(usdKRW: world.usdKRW(), at: now())])
        }
    }

    /// The quote of `usdKRW` at `now`, with the fields a bank's quote carries.
    static func quote(usdKRW: Double, at now: Int64) -> DunamuForexQuote {
        let rate = (usdKRW * 100).rounded() / 100
        let seconds = (now + KoreanTime.offsetMilliseconds) / 1000 % 86_400
        var quote = DunamuForexQuote()
        quote.code = DunamuForexEndpoint.usdKRW
        quote.currencyCode = "USD"
        quote.currencyName = "달러"
        quote.country = "미국"
        quote.name = "미국 (KRW/USD)"
        quote.date = KoreanTime.date(now)
        quote.time = KoreanTime.clock(now)
        quote.recurrenceCount = Int(seconds / 60)
        quote.basePrice = rate
        quote.openingPrice = rate
        quote.highPrice = rate
        quote.lowPrice = rate
        quote.change = "EVEN"
        quote.changePrice = 0
        quote.cashBuyingPrice = (rate * 1.0175 * 100).rounded() / 100
        quote.cashSellingPrice = (rate * 0.9825 * 100).rounded() / 100
        quote.ttBuyingPrice = (rate * 0.99 * 100).rounded() / 100
        quote.ttSellingPrice = (rate * 1.01 * 100).rounded() / 100
        quote.currencyUnit = 1
        quote.usDollarRate = 1
        quote.provider = "하나은행"
        quote.timestamp = now
        quote.id = now / 60_000
        quote.changeRate = 0
        quote.signedChangePrice = 0
        quote.signedChangeRate = 0
        return quote
    }
}
