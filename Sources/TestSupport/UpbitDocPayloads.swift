/// The example payloads of exchange-apis.md §1 (Upbit), value for value, that the wire types are
/// pinned to.
public enum UpbitDocPayloads {
    /// §1.1 `GET /v1/market/all?is_details=true`.
    public static let marketAll = """
        [
          {
            "market": "KRW-BTC", "korean_name": "비트코인", "english_name": "Bitcoin",
            "market_event": {
              "warning": false,
              "caution": {
                "PRICE_FLUCTUATIONS": false, "TRADING_VOLUME_SOARING": false,
                "DEPOSIT_AMOUNT_SOARING": false, "GLOBAL_PRICE_DIFFERENCES": false,
                "CONCENTRATION_OF_SMALL_ACCOUNTS": false
              }
            }
          }
        ]
        """

    /// §1.2 `GET /v1/ticker/all?quote_currencies=KRW`, one row.
    public static let tickerAll = """
        [
          {
            "market": "KRW-BTC", "trade_date": "20260311", "trade_time": "144058",
            "trade_date_kst": "20260311", "trade_time_kst": "234058", "trade_timestamp": 1773240058195,
            "opening_price": 102417000.0, "high_price": 103988000.0, "low_price": 101150000.0,
            "trade_price": 103458000.0, "prev_closing_price": 102417000.0, "change": "RISE",
            "change_price": 1041000.0, "change_rate": 0.0101643282, "signed_change_price": 1041000.0,
            "signed_change_rate": 0.0101643282, "trade_volume": 0.005,
            "acc_trade_price": 104889335894.22629, "acc_trade_price_24h": 162997300132.123,
            "acc_trade_volume": 1024.29778103, "acc_trade_volume_24h": 1587.73606087,
            "highest_52_week_price": 179869000.0, "highest_52_week_date": "2025-10-09",
            "lowest_52_week_price": 89000000.0, "lowest_52_week_date": "2026-02-06",
            "timestamp": 1773240058519
          }
        ]
        """

    /// §1.3 `GET /v1/candles/days`, one row.
    public static let candlesDays = """
        [
          {
            "market": "KRW-BTC", "candle_date_time_utc": "2026-03-11T00:00:00",
            "candle_date_time_kst": "2026-03-11T09:00:00", "opening_price": 102417000.0,
            "high_price": 103988000.0, "low_price": 101150000.0, "trade_price": 103460000.0,
            "timestamp": 1773240059132, "candle_acc_trade_price": 104890599315.22821,
            "candle_acc_trade_volume": 1024.30999241, "prev_closing_price": 102417000.0,
            "change_price": 1043000.0, "change_rate": 0.0101838562
          }
        ]
        """

    /// §1.4 error bodies: `name` is a number for 400/404 and a string for gateway errors.
    public static let errorCodeNotFound = #"{"error":{"name":404,"message":"Code not found"}}"#
    public static let errorMissingParameter =
        #"{"error":{"name":400,"message":"Missing request parameter error. Check the required parameters!"}}"#
    public static let errorNoRoute = #"{"error":{"name":"not_found","message":"no Route matched with those values"}}"#
    public static let errorWebSocket = #"{"error":{"name":"WRONG_FORMAT","message":"..."}}"#

    /// §1.6 the subscription request.
    public static let subscriptionRequest = """
        [
          {"ticket":"2f1a6d6e-5c1b-4e0c-9c0f-0b5a1e7d9f11"},
          {"type":"ticker","codes":["KRW-BTC","KRW-ETH"],"is_only_snapshot":false,"is_only_realtime":false},
          {"format":"DEFAULT"}
        ]
        """

    /// §1.6 the official WebSocket ticker example (DEFAULT format).
    public static let streamTicker = """
        {
          "type": "ticker", "code": "KRW-BTC", "opening_price": 31883000, "high_price": 32310000,
          "low_price": 31855000, "trade_price": 32287000, "prev_closing_price": 31883000.00000000,
          "acc_trade_price": 78039261076.51241000, "change": "RISE", "change_price": 404000.00000000,
          "signed_change_price": 404000.00000000, "change_rate": 0.0126713295,
          "signed_change_rate": 0.0126713295, "ask_bid": "ASK", "trade_volume": 0.03103806,
          "acc_trade_volume": 2429.58834336, "trade_date": "20230221", "trade_time": "074102",
          "trade_timestamp": 1676965262139, "acc_ask_volume": 1146.25573608,
          "acc_bid_volume": 1283.33260728, "highest_52_week_price": 57678000.00000000,
          "highest_52_week_date": "2022-03-28", "lowest_52_week_price": 20700000.00000000,
          "lowest_52_week_date": "2022-12-30", "market_state": "ACTIVE", "is_trading_suspended": false,
          "delisting_date": null, "market_warning": "NONE", "timestamp": 1676965262177,
          "acc_trade_price_24h": 228827082483.70729000, "acc_trade_volume_24h": 7158.80283560,
          "stream_type": "REALTIME"
        }
        """

    /// The same ticker in SIMPLE keys (§1.6 key map), with a price in exponent form as [LIVE] saw.
    public static let streamTickerSimple = """
        {
          "ty": "ticker", "cd": "KRW-BTC", "op": 31883000, "hp": 32310000, "lp": 31855000, "tp": 3.2287E7,
          "pcp": 31883000.0, "atp": 78039261076.51241, "c": "RISE", "cp": 404000.0, "scp": 404000.0,
          "cr": 0.0126713295, "scr": 0.0126713295, "ab": "ASK", "tv": 0.03103806, "atv": 2429.58834336,
          "tdt": "20230221", "ttm": "074102", "ttms": 1676965262139, "aav": 1146.25573608, "abv": 1283.33260728,
          "h52wp": 57678000.0, "h52wdt": "2022-03-28", "l52wp": 20700000.0, "l52wdt": "2022-12-30",
          "ms": "ACTIVE", "its": false, "dd": null, "mw": "NONE", "tms": 1676965262177,
          "atp24h": 228827082483.70729, "atv24h": 7158.8028356, "st": "REALTIME"
        }
        """

    /// The answer to a text `PING`.
    public static let status = #"{"status":"UP"}"#
}
