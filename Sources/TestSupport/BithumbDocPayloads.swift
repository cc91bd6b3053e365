/// The example payloads of exchange-apis.md §2 (Bithumb), value for value, that the wire types
/// are pinned to.
public enum BithumbDocPayloads {
    /// §2.1 legacy `GET /public/ticker/ALL_KRW`.
    public static let legacyTickerAll = """
        {
          "status": "0000",
          "data": {
            "BTC": {
              "opening_price": "9045000", "closing_price": "9132000", "min_price": "8938000",
              "max_price": "9168000", "units_traded": "4619.79967497",
              "acc_trade_value": "42021363832.5187", "prev_closing_price": "9041000",
              "units_traded_24H": "8793.5045804", "acc_trade_value_24H": "78933458515.4962",
              "fluctate_24H": "530000", "fluctate_rate_24H": "6.16"
            },
            "date": "1587710878669"
          }
        }
        """

    /// §2.1 legacy `GET /public/candlestick/BTC_KRW/24h`: `[time, open, CLOSE, high, low, volume]`.
    public static let legacyCandlestick = """
        {"status":"0000","data":[[1576823400000,"8284000","8286000","8289000","8276000","15.41503692"]]}
        """

    /// §2.1 a legacy error, sent with HTTP 200.
    public static let legacyError = #"{"status":"5500","message":"상장 코인 아님"}"#

    /// §2.3 `GET /v1/market/all?isDetails=true`.
    public static let marketAll = """
        [{"market":"KRW-BTC","korean_name":"비트코인","english_name":"Bitcoin","market_warning":"NONE"}]
        """

    /// §2.3 `GET /v1/ticker?markets=KRW-BTC` (captured 2025-06-21): integer prices, epochs 9 h ahead.
    public static let ticker = """
        [
          {
            "acc_trade_price": 37013337349.27563, "acc_trade_price_24h": 75979337540.7154,
            "acc_trade_volume": 257.06558063, "acc_trade_volume_24h": 524.69221463, "change": "FALL",
            "change_price": 297000, "change_rate": 0.0021, "high_price": 145116000,
            "highest_52_week_date": "2025-01-21", "highest_52_week_price": 163460000,
            "low_price": 143024000, "lowest_52_week_date": "2024-08-06", "lowest_52_week_price": 71573000,
            "market": "KRW-BTC", "opening_price": 144254000, "prev_closing_price": 144247000,
            "signed_change_price": -297000, "signed_change_rate": -0.0021, "timestamp": 1750480141644,
            "trade_date": "20250621", "trade_date_kst": "20250621", "trade_price": 143950000,
            "trade_time": "042855", "trade_time_kst": "132855", "trade_timestamp": 1750512535651,
            "trade_volume": 0.00054356
          }
        ]
        """

    /// §2.3 an unknown market, answered with HTTP 200.
    public static let errorCodeNotFound = #"{"error":{"name":404,"message":"Code not found"}}"#

    /// §2.3 the gateway's 404 for an unrouted path.
    public static let errorNoRoute = #"{"name":"not_found","message":"No Route matched with those values"}"#

    /// §2.4 the official WebSocket example frame.
    public static let streamTicker = """
        {"type":"ticker","code":"KRW-BTC","opening_price":484500,"high_price":493100,"low_price":472500,
         "trade_price":493100,"prev_closing_price":484500,"change":"RISE","change_price":8600,
         "signed_change_price":8600,"change_rate":0.01775026,"signed_change_rate":0.01775026,
         "trade_volume":3.2529,"acc_trade_volume":220.0447,"acc_trade_volume_24h":13380.57687512,
         "acc_trade_price":105917424.208256,"acc_trade_price_24h":8227950466.316009,
         "trade_date":"20240910","trade_time":"091617","trade_timestamp":1725927377174,"ask_bid":"BID",
         "acc_ask_volume":106.7561,"acc_bid_volume":113.2886,"highest_52_week_price":999999000,
         "highest_52_week_date":"2024-06-18","lowest_52_week_price":1000,"lowest_52_week_date":"2024-06-18",
         "market_state":"ACTIVE","is_trading_suspended":false,"delisting_date":null,
         "market_warning":"NONE","timestamp":1725927377287,"stream_type":"SNAPSHOT"}
        """

    /// §2.4 an error frame, followed by a close.
    public static let streamError = #"{"error":{"name":"NO_TICKET","message":"티켓이 존재하지 않거나, 유효하지 않습니다."}}"#

    /// §2.2 the legacy WebSocket: the greeting, a subscribe object and its reply, a ticker message.
    public static let legacyConnected = #"{"status":"0000","resmsg":"Connected Successfully"}"#
    public static let legacySubscribe =
        #"{"type":"ticker","symbols":["BTC_KRW","ETH_KRW"],"tickTypes":["30M","1H","12H","24H","MID"]}"#
    public static let legacyRegistered = #"{"status":"0000","resmsg":"Filter Registered Successfully"}"#
    public static let legacyStreamTicker = """
        {
          "type": "ticker",
          "content": {
            "symbol": "BTC_KRW", "tickType": "24H", "date": "20200129", "time": "121844",
            "openPrice": "2302", "closePrice": "2317", "lowPrice": "2272", "highPrice": "2344",
            "value": "2831915078.07065789", "volume": "1222314.51355788", "sellVolume": "760129.34079004",
            "buyVolume": "462185.17276784", "prevClosePrice": "2326", "chgRate": "0.65", "chgAmt": "15",
            "volumePower": "60.80"
          }
        }
        """

    /// `GET /public/assetsstatus/ALL` as exchange-apis.md §9.2 shows it (1 open, 0 suspended).
    public static let assetsStatus =
        #"{"status":"0000","data":{"BTC":{"deposit_status":1,"withdrawal_status":1},"XRP":{"deposit_status":1,"withdrawal_status":0},"ETH":{"deposit_status":0,"withdrawal_status":0}}}"#
}
