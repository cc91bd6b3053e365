/// The example payloads of exchange-apis.md §3 (Korbit v2), value for value, that the wire types
/// are pinned to.
public enum KorbitDocPayloads {
    /// §3.2 `GET /v2/currencyPairs` as the live server sends it.
    public static let currencyPairs = """
        {"success":true,"data":[{"symbol":"btc_krw","status":"launched","baseCurrency":"btc","quoteCurrency":"krw","minOrderValue":"5000","maxOrderValue":"1000000000"}]}
        """

    /// §3.2 `GET /v2/currencies` (the docs' example, eth and usdt cut).
    public static let currencies = """
        {
          "success": true,
          "data": [
            {
              "name": "krw", "fullName": "Won", "withdrawalMaxAmountPerRequest": "5000000000",
              "depositStatus": "launched", "withdrawalStatus": "launched", "withdrawalTxFee": "1000",
              "withdrawalMinAmount": "1000"
            },
            {
              "name": "btc", "fullName": "Bitcoin", "withdrawalMaxAmountPerRequest": "120",
              "defaultNetwork": "BTC",
              "networkList": [
                {
                  "name": "BTC", "fullName": "Bitcoin", "depositStatus": "launched",
                  "withdrawalStatus": "launched", "confirmationCount": 3, "withdrawalTxFee": "0.0008",
                  "withdrawalMinAmount": "0.0001", "withdrawalPrecision": 8, "hasSecondaryAddr": false,
                  "addressExplorerUrl": "https://www.blockchain.com/ko/btc/address/"
                }
              ],
              "depositStatus": "launched", "withdrawalStatus": "launched", "confirmationCount": "3",
              "withdrawalTxFee": "0.0008", "withdrawalMinAmount": "0.0001"
            }
          ]
        }
        """

    /// §3.3 `GET /v2/tickers?symbol=btc_krw,eth_krw`.
    public static let tickers = """
        {
          "success": true,
          "data": [
            {
              "symbol": "btc_krw", "open": "77060000", "high": "79650000", "low": "76550000",
              "close": "77136000", "prevClose": "77060000", "priceChange": "76000",
              "priceChangePercent": "0.1", "volume": "48.73739983", "quoteVolume": "3785149733.32633",
              "bestBidPrice": "77136000", "bestAskPrice": "77193000", "lastTradedAt": 1725525721041
            },
            {
              "symbol": "eth_krw", "open": "3259000", "high": "3370000", "low": "3222000",
              "close": "3250000", "prevClose": "3259000", "priceChange": "-9000",
              "priceChangePercent": "-0.28", "volume": "161.99278306", "quoteVolume": "532827941.01581",
              "bestBidPrice": "3251000", "bestAskPrice": "3254000", "lastTradedAt": 1725525545630
            }
          ]
        }
        """

    /// §3.4 `GET /v2/candles?symbol=btc_krw&interval=60&limit=5&end=1700000000000`, first two rows.
    public static let candles = """
        {
          "success": true,
          "data": [
            {"timestamp": 1708041600000, "open": "71211000", "high": "9999990000", "low": "300000",
             "close": "71392000", "volume": "1.932320026577213946"},
            {"timestamp": 1708045200000, "open": "73510000", "high": "74605000", "low": "300000",
             "close": "72315000", "volume": "2.418698679231323743"}
          ]
        }
        """

    /// §3.5 error bodies.
    public static let errorInvalidPair = #"{"success":false,"error":{"code":400,"message":"INVALID_CURRENCY_PAIR"}}"#
    public static let errorNotFound = #"{"success":false,"error":{"code":404,"message":"NOT_FOUND"}}"#

    /// §3.6 the subscribe request of the docs' transcript.
    public static let subscribe = #"[{"method":"subscribe","type":"ticker","symbols":["btc_krw","eth_krw"]}]"#

    /// §3.6 the first (snapshot) ticker frame of the transcript.
    public static let streamSnapshot = """
        {"symbol":"btc_krw","timestamp":1730365099072,"type":"ticker","snapshot":true,"data":{"open":"100500000","high":"100651000","low":"100492000","close":"100650000","prevClose":"100497000","priceChange":"153000","priceChangePercent":"0.15","volume":"0.89102242","quoteVolume":"89632429.21566","bestAskPrice":"100651000","bestBidPrice":"100650000","lastTradedAt":1730356819663}}
        """

    /// §3.6 a live ticker frame (no `snapshot` key).
    public static let streamRealtime = """
        {"symbol":"btc_krw","timestamp":1730365220489,"type":"ticker","data":{"open":"100501000","high":"100651000","low":"100501000","close":"100650000","prevClose":"100492000","priceChange":"158000","priceChangePercent":"0.16","volume":"0.81866504","quoteVolume":"82360867.25161","bestAskPrice":"100651000","bestBidPrice":"100650000","lastTradedAt":1730356819663}}
        """

    /// §3.6 control messages.
    public static let streamAck = #"{"status":"success","requestId":1}"#
    public static let streamFail =
        #"{"status":"fail","requestId":2,"code":"INVALID_SYMBOL","message":"The symbol does not exist (eth_btc)"}"#
}
