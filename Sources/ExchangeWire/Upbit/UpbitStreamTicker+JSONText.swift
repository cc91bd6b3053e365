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
        func key(_ full: StaticString, _ short: StaticString) { writer.key(simple ? short : full) }
        writer.beginObject()
        key("type", "ty")
        writer.string(type)
        key("code", "cd")
        writer.string(code)
        key("opening_price", "op")
        writer.number(openingPrice)
        key("high_price", "hp")
        writer.number(highPrice)
        key("low_price", "lp")
        writer.number(lowPrice)
        key("trade_price", "tp")
        writer.number(tradePrice)
        key("prev_closing_price", "pcp")
        writer.number(prevClosingPrice)
        key("acc_trade_price", "atp")
        writer.number(accTradePrice)
        key("change", "c")
        writer.string(change)
        key("change_price", "cp")
        writer.number(changePrice)
        key("signed_change_price", "scp")
        writer.number(signedChangePrice)
        key("change_rate", "cr")
        writer.number(changeRate)
        key("signed_change_rate", "scr")
        writer.number(signedChangeRate)
        writeTradeAndMarket(into: &writer, simple: simple)
        writer.endObject()
    }

    /// The members from `ask_bid` to the end, in ``encode(to:)``'s order.
    private func writeTradeAndMarket(into writer: inout JSONTextCursor, simple: Bool) {
        func key(_ full: StaticString, _ short: StaticString) { writer.key(simple ? short : full) }
        key("ask_bid", "ab")
        writer.string(askBid)
        key("trade_volume", "tv")
        writer.number(tradeVolume)
        key("acc_trade_volume", "atv")
        writer.number(accTradeVolume)
        key("trade_date", "tdt")
        writer.string(tradeDate)
        key("trade_time", "ttm")
        writer.string(tradeTime)
        key("trade_timestamp", "ttms")
        writer.integer(tradeTimestamp)
        key("acc_ask_volume", "aav")
        writer.number(accAskVolume)
        key("acc_bid_volume", "abv")
        writer.number(accBidVolume)
        key("highest_52_week_price", "h52wp")
        writer.number(highest52WeekPrice)
        key("highest_52_week_date", "h52wdt")
        writer.string(highest52WeekDate)
        key("lowest_52_week_price", "l52wp")
        writer.number(lowest52WeekPrice)
        key("lowest_52_week_date", "l52wdt")
        writer.string(lowest52WeekDate)
        key("market_state", "ms")
        writer.string(marketState)
        key("is_trading_suspended", "its")
        writer.bool(isTradingSuspended)
        key("delisting_date", "dd")
        if let delistingDate { writer.string(delistingDate) } else { writer.null() }
        key("market_warning", "mw")
        writer.string(marketWarning)
        key("timestamp", "tms")
        writer.integer(timestamp)
        key("acc_trade_price_24h", "atp24h")
        writer.number(accTradePrice24h)
        key("acc_trade_volume_24h", "atv24h")
        writer.number(accTradeVolume24h)
        key("stream_type", "st")
        writer.string(streamType)
    }
}
