/// The example payloads of exchange-apis.md §4 (Binance spot), value for value, that the wire
/// types are pinned to.
public enum BinanceDocPayloads {
    /// §4.1 `GET /api/v3/ticker/24hr?symbol=BNBBTC`.
    public static let ticker24h = """
        {
          "symbol": "BNBBTC", "priceChange": "-94.99999800", "priceChangePercent": "-95.960",
          "weightedAvgPrice": "0.29628482", "prevClosePrice": "0.10002000", "lastPrice": "4.00000200",
          "lastQty": "200.00000000", "bidPrice": "4.00000000", "bidQty": "100.00000000",
          "askPrice": "4.00000200", "askQty": "100.00000000", "openPrice": "99.00000000",
          "highPrice": "100.00000000", "lowPrice": "0.10000000", "volume": "8913.30000000",
          "quoteVolume": "15.30000000", "openTime": 1499783499040, "closeTime": 1499869899040,
          "firstId": 28385, "lastId": 28460, "count": 76
        }
        """

    /// §4.1 `GET /api/v3/klines?symbol=BNBBTC&interval=1d`.
    public static let klines = """
        [
          [
            1499040000000, "0.01634790", "0.80000000", "0.01575800", "0.01577100", "148976.11427815",
            1499644799999, "2434.19055334", 308, "1756.87402397", "28.46694368", "0"
          ]
        ]
        """

    /// §4.1 an error body (HTTP 400).
    public static let errorInvalidSymbol = #"{"code":-1121,"msg":"Invalid symbol."}"#

    /// §4.2 a live subscribe and its reply.
    public static let subscribe = #"{"method":"SUBSCRIBE","params":["btcusdt@aggTrade","btcusdt@depth"],"id":1}"#
    public static let subscribeReply = #"{"result":null,"id":1}"#

    /// §4.2 a `<symbol>@ticker` event.
    public static let streamTicker = """
        {
          "e": "24hrTicker", "E": 1672515782136, "s": "BNBBTC", "p": "0.0015", "P": "250.00", "w": "0.0018",
          "x": "0.0009", "c": "0.0025", "Q": "10", "b": "0.0024", "B": "10", "a": "0.0026", "A": "100",
          "o": "0.0010", "h": "0.0025", "l": "0.0010", "v": "10000", "q": "18", "O": 0, "C": 86400000,
          "F": 0, "L": 18150, "n": 18151
        }
        """

    /// §4.2 a request error.
    public static let streamError = #"{"code":2,"msg":"Invalid request: unknown method"}"#
}
