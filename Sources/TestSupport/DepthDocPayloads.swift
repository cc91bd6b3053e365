/// The order-book and trade messages of each exchange's WebSocket, for the depth feed's wire
/// tests. Where the docs publish an example it is kept value for value; where they publish only
/// the field table, the message has exactly the documented keys and JSON types, with values from
/// the docs' other examples of the same market.
public enum DepthDocPayloads {
    /// Upbit `orderbook` (docs.upbit.com "호가 (Orderbook)": the field table of v1.6.4; values from
    /// the trade type's best bid and ask example), two units.
    public static let upbitOrderbook = """
        {"type":"orderbook","code":"KRW-BTC","timestamp":1676965262177,"total_ask_size":8.83621228,
         "total_bid_size":2.43976741,"orderbook_units":[
         {"ask_price":32293000,"bid_price":32291000,"ask_size":0.04414411,"bid_size":0.01202163},
         {"ask_price":32294000,"bid_price":32290000,"ask_size":8.79206817,"bid_size":2.42774578}],
         "stream_type":"REALTIME","level":0}
        """

    /// Upbit `trade` (docs.upbit.com "체결 (Trade)": the field table; the best bid and ask as in the
    /// 2024-11-27 changelog's example; price and time as in the ticker example).
    public static let upbitTrade = """
        {"type":"trade","code":"KRW-BTC","timestamp":1676965262177,"trade_date":"2023-02-21",
         "trade_time":"07:41:02","trade_timestamp":1676965262139,"trade_price":32287000,
         "trade_volume":0.03103806,"ask_bid":"ASK","prev_closing_price":31883000.00000000,
         "change":"RISE","change_price":404000.00000000,"sequential_id":1676965262139000,
         "best_ask_price":32293000,"best_ask_size":0.04414411,"best_bid_price":32291000,
         "best_bid_size":0.01202163,"stream_type":"REALTIME"}
        """

    /// Bithumb v1 `orderbook`: Upbit's fields with `timestamp` in µs ([LIVE], exchange-apis.md §2.4).
    public static let bithumbOrderbook = """
        {"type":"orderbook","code":"KRW-BTC","total_ask_size":1.2,"total_bid_size":0.5,
         "orderbook_units":[{"ask_price":493200,"bid_price":493100,"ask_size":1.2,"bid_size":0.5}],
         "timestamp":1725927377287000,"level":1,"stream_type":"SNAPSHOT"}
        """

    /// Korbit v2 `orderbook` (exchange-apis.md §3.6: `data` `{timestamp, asks[{price,qty}], bids}`).
    public static let korbitOrderbook = """
        {"symbol":"btc_krw","timestamp":1730365099072,"type":"orderbook","snapshot":true,
         "data":{"timestamp":1730365099070,"asks":[{"price":"100651000","qty":"0.0123"},
         {"price":"100652000","qty":"0.5"}],"bids":[{"price":"100650000","qty":"0.2"}]}}
        """

    /// Korbit v2 `trade` (exchange-apis.md §3.6: `data` an array of `{timestamp, price, qty,
    /// isBuyerTaker, tradeId}`).
    public static let korbitTrades = """
        {"symbol":"btc_krw","timestamp":1730365220489,"type":"trade",
         "data":[{"timestamp":1730365220480,"price":"100650000","qty":"0.00497","isBuyerTaker":false,
         "tradeId":8931},{"timestamp":1730365220470,"price":"100651000","qty":"0.001","isBuyerTaker":true,
         "tradeId":8930}]}
        """

    /// Binance `<symbol>@depth<levels>` (Binance's spot WebSocket streams docs, "Partial Book Depth
    /// Streams", the docs' example).
    public static let binancePartialDepth = """
        {"lastUpdateId":160,"bids":[["0.0024","10"]],"asks":[["0.0026","100"]]}
        """

    /// Binance `<symbol>@trade` (Binance's spot WebSocket streams docs, "Trade Streams", the docs'
    /// example).
    public static let binanceTrade = """
        {"e":"trade","E":1672515782136,"s":"BNBBTC","t":12345,"p":"0.001","q":"100","T":1672515782136,
         "m":true,"M":true}
        """
}
