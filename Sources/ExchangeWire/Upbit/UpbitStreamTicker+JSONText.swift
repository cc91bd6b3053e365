public import MarketDomain
public import SiseSupport

extension UpbitStreamTicker {
    /// Writes this ticker as one frame's JSON, in DEFAULT or SIMPLE keys, without `JSONEncoder`:
    /// the same members, in the same order, as ``encode(to:)`` writes (the simulator's firehose
    /// sends every tick this way).
    ///
    /// All of it is written in room reserved once (``JSONTextWriter/writeInPlace(upTo:_:)``): at a
    /// firehose's rate, reserving room for each of its 33 members was a third of the writing.
    public func writeJSON(into writer: inout JSONTextWriter, simple: Bool) {
        writer.writeInPlace(upTo: Self.typicalLength) { out in write(into: &out, simple: simple) }
    }

    /// Room for a ticker's JSON with codes, dates and names of a usual length (a longer one is
    /// written again in more room).
    static let typicalLength = 1_536

    private func write(into writer: inout JSONTextCursor, simple: Bool) {
        let keys = simple ? Keys.simple : Keys.default
        writer.beginObject()
        writer.key(keys.type)
        writer.string(type)
        writer.key(keys.code)
        writer.string(code)
        writer.key(keys.openingPrice)
        writer.number(openingPrice)
        writer.key(keys.highPrice)
        writer.number(highPrice)
        writer.key(keys.lowPrice)
        writer.number(lowPrice)
        writer.key(keys.tradePrice)
        writer.number(tradePrice)
        writer.key(keys.prevClosingPrice)
        writer.number(prevClosingPrice)
        writer.key(keys.accTradePrice)
        writer.number(accTradePrice)
        writer.key(keys.change)
        writer.string(change)
        writer.key(keys.changePrice)
        writer.number(changePrice)
        writer.key(keys.signedChangePrice)
        writer.number(signedChangePrice)
        writer.key(keys.changeRate)
        writer.number(changeRate)
        writer.key(keys.signedChangeRate)
        writer.number(signedChangeRate)
        writeTradeAndMarket(into: &writer, keys: keys)
        writer.endObject()
    }

    /// The members from `ask_bid` to the end, in ``encode(to:)``'s order.
    private func writeTradeAndMarket(into writer: inout JSONTextCursor, keys: Keys) {
        writer.key(keys.askBid)
        writer.string(askBid)
        writer.key(keys.tradeVolume)
        writer.number(tradeVolume)
        writer.key(keys.accTradeVolume)
        writer.number(accTradeVolume)
        writer.key(keys.tradeDate)
        writer.string(tradeDate)
        writer.key(keys.tradeTime)
        writer.string(tradeTime)
        writer.key(keys.tradeTimestamp)
        writer.integer(tradeTimestamp)
        writer.key(keys.accAskVolume)
        writer.number(accAskVolume)
        writer.key(keys.accBidVolume)
        writer.number(accBidVolume)
        writer.key(keys.highest52WeekPrice)
        writer.number(highest52WeekPrice)
        writer.key(keys.highest52WeekDate)
        writer.string(highest52WeekDate)
        writer.key(keys.lowest52WeekPrice)
        writer.number(lowest52WeekPrice)
        writer.key(keys.lowest52WeekDate)
        writer.string(lowest52WeekDate)
        writer.key(keys.marketState)
        writer.string(marketState)
        writer.key(keys.isTradingSuspended)
        writer.bool(isTradingSuspended)
        writer.key(keys.delistingDate)
        if let delistingDate { writer.string(delistingDate) } else { writer.null() }
        writer.key(keys.marketWarning)
        writer.string(marketWarning)
        writer.key(keys.timestamp)
        writer.integer(timestamp)
        writer.key(keys.accTradePrice24h)
        writer.number(accTradePrice24h)
        writer.key(keys.accTradeVolume24h)
        writer.number(accTradeVolume24h)
        writer.key(keys.streamType)
        writer.string(streamType)
    }

    /// The ticker's keys in one spelling, made once (``JSONKey``): a frame's 33 keys are then
    /// stored whole, not copied byte by byte.
    private final class Keys: Sendable {
        let type, code: JSONKey
        let openingPrice, highPrice, lowPrice, tradePrice, prevClosingPrice: JSONKey
        let accTradePrice, change, changePrice, signedChangePrice, changeRate, signedChangeRate: JSONKey
        let askBid, tradeVolume, accTradeVolume, tradeDate, tradeTime, tradeTimestamp: JSONKey
        let accAskVolume, accBidVolume: JSONKey
        let highest52WeekPrice, highest52WeekDate, lowest52WeekPrice, lowest52WeekDate: JSONKey
        let marketState, isTradingSuspended, delistingDate, marketWarning: JSONKey
        let timestamp, accTradePrice24h, accTradeVolume24h, streamType: JSONKey

        static let simple = Keys(simple: true)
        static let `default` = Keys(simple: false)

        private init(simple: Bool) {
            func key(_ full: StaticString, _ short: StaticString) -> JSONKey { JSONKey(simple ? short : full) }
            type = key("type", "ty")
            code = key("code", "cd")
            openingPrice = key("opening_price", "op")
            highPrice = key("high_price", "hp")
            lowPrice = key("low_price", "lp")
            tradePrice = key("trade_price", "tp")
            prevClosingPrice = key("prev_closing_price", "pcp")
            accTradePrice = key("acc_trade_price", "atp")
            change = key("change", "c")
            changePrice = key("change_price", "cp")
            signedChangePrice = key("signed_change_price", "scp")
            changeRate = key("change_rate", "cr")
            signedChangeRate = key("signed_change_rate", "scr")
            askBid = key("ask_bid", "ab")
            tradeVolume = key("trade_volume", "tv")
            accTradeVolume = key("acc_trade_volume", "atv")
            tradeDate = key("trade_date", "tdt")
            tradeTime = key("trade_time", "ttm")
            tradeTimestamp = key("trade_timestamp", "ttms")
            accAskVolume = key("acc_ask_volume", "aav")
            accBidVolume = key("acc_bid_volume", "abv")
            highest52WeekPrice = key("highest_52_week_price", "h52wp")
            highest52WeekDate = key("highest_52_week_date", "h52wdt")
            lowest52WeekPrice = key("lowest_52_week_price", "l52wp")
            lowest52WeekDate = key("lowest_52_week_date", "l52wdt")
            marketState = key("market_state", "ms")
            isTradingSuspended = key("is_trading_suspended", "its")
            delistingDate = key("delisting_date", "dd")
            marketWarning = key("market_warning", "mw")
            timestamp = key("timestamp", "tms")
            accTradePrice24h = key("acc_trade_price_24h", "atp24h")
            accTradeVolume24h = key("acc_trade_volume_24h", "atv24h")
            streamType = key("stream_type", "st")
        }
    }
}
