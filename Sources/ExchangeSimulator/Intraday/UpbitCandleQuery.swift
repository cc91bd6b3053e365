import ExchangeWire
import Hummingbird
import MarketDomain

/// What every Upbit candle endpoint reads (§1.3, §9.4): `market`, `count` (1 to 200; 1 without
/// it) and `to` (an exclusive end, read by the dialect's own reader), or Upbit's 400 answer.
struct UpbitCandleQuery {
    let code: String
    let count: Int
    let before: Int64?

    /// A query read, or the answer refusing it.
    enum Reading {
        case query(UpbitCandleQuery)
        case refused(Response)
    }

    static func read(_ parameters: FormQuery, readTo: (String) -> Int64?) -> Reading {
        guard let code = parameters.get(UpbitEndpoint.Parameter.market), !code.isEmpty else {
            return .refused(.json(UpbitErrorBody.missingParameter, status: .badRequest))
        }
        var count = 1
        if let text = parameters.get(UpbitEndpoint.Parameter.count) {
            guard let number = Int(text), (1...UpbitEndpoint.maxCandleCount).contains(number) else {
                return .refused(.json(UpbitErrorBody.invalidParameter, status: .badRequest))
            }
            count = number
        }
        var before: Int64?
        if let text = parameters.get(UpbitEndpoint.Parameter.to), !text.isEmpty {
            guard let time = readTo(text) else {
                return .refused(.json(UpbitErrorBody.invalidParameter, status: .badRequest))
            }
            before = time
        }
        return .query(UpbitCandleQuery(code: code, count: count, before: before))
    }
}
