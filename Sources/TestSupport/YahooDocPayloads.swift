/// The example payloads of exchange-apis.md §6 (Yahoo Finance), value for value, that the wire
/// types are pinned to.
public enum YahooDocPayloads {
    /// §6.1 a KRX daily chart (`005930.KS`, `range=5d&interval=1d`).
    public static let krxChart = """
        {"chart":{"result":[{"meta":{"currency":"KRW","symbol":"005930.KS","exchangeName":"KSC",
        "fullExchangeName":"KSE","instrumentType":"EQUITY","firstTradeDate":946944000,
        "regularMarketTime":1792132212,"hasPrePostMarketData":false,"gmtoffset":32400,"timezone":"KST",
        "exchangeTimezoneName":"Asia/Seoul","regularMarketPrice":251500.0,"fiftyTwoWeekHigh":262000.0,
        "fiftyTwoWeekLow":98300.0,"regularMarketDayHigh":253000.0,"regularMarketDayLow":247500.0,
        "regularMarketVolume":18342710,"longName":"Samsung Electronics Co., Ltd.","shortName":"SamsungElec",
        "chartPreviousClose":244500.0,"previousClose":248000.0,"scale":3,"priceHint":2,
        "currentTradingPeriod":{"pre":{"timezone":"KST","start":1792103400,"end":1792108800,"gmtoffset":32400},
        "regular":{"timezone":"KST","start":1792108800,"end":1792130400,"gmtoffset":32400},
        "post":{"timezone":"KST","start":1792130400,"end":1792141200,"gmtoffset":32400}},
        "dataGranularity":"1d","range":"5d",
        "validRanges":["1d","5d","1mo","3mo","6mo","1y","2y","5y","10y","ytd","max"]},
        "timestamp":[1791763200,1791849600,1791936000,1792022400,1792108800],
        "indicators":{"quote":[{"open":[245000.0,249500.0,250000.0,247000.0,248500.0],
        "high":[250500.0,252000.0,251000.0,249500.0,253000.0],"low":[244000.0,248000.0,246500.0,245500.0,247500.0],
        "close":[249000.0,250500.0,247500.0,248000.0,251500.0],
        "volume":[21450318,19877402,23011954,17650233,18342710]}],
        "adjclose":[{"adjclose":[249000.0,250500.0,247500.0,248000.0,251500.0]}]}}],"error":null}}
        """
    /// §6.1 a real AAPL weekly chart whose last bar is the live one.
    public static let aaplChart = """
        {"chart":{"result":[{"meta":{"currency":"USD","symbol":"AAPL","exchangeName":"NMS",
        "fullExchangeName":"NasdaqGS","instrumentType":"EQUITY","firstTradeDate":345479400,
        "regularMarketTime":1726776001,"hasPrePostMarketData":true,"gmtoffset":-14400,"timezone":"EDT",
        "exchangeTimezoneName":"America/New_York","regularMarketPrice":228.87,"fiftyTwoWeekHigh":229.82,
        "fiftyTwoWeekLow":224.64,"regularMarketDayHigh":229.82,"regularMarketDayLow":224.64,
        "regularMarketVolume":66307649,"longName":"Apple Inc.","shortName":"Apple Inc.",
        "chartPreviousClose":225.89,"priceHint":2,
        "currentTradingPeriod":{"pre":{"timezone":"EDT","start":1726732800,"end":1726752600,"gmtoffset":-14400},
        "regular":{"timezone":"EDT","start":1726752600,"end":1726776000,"gmtoffset":-14400},
        "post":{"timezone":"EDT","start":1726776000,"end":1726790400,"gmtoffset":-14400}},
        "dataGranularity":"1wk","range":"1mo",
        "validRanges":["1d","5d","1mo","3mo","6mo","1y","2y","5y","10y","ytd","max"]},
        "timestamp":[1724040000,1724644800,1725249600,1725854400,1726459200,1726776001],
        "indicators":{"quote":[{"low":[223.0399932861328,223.88999938964844,217.47999572753906,
        216.7100067138672,213.9199981689453,224.63999938964844],"open":[225.72000122070312,
        226.75999450683594,228.5500030517578,220.82000732421875,216.5399932861328,225.13999938964844],
        "close":[226.83999633789062,229,220.82000732421875,222.5,220.69000244140625,228.8699951171875],
        "high":[228.33999633789062,232.9199981689453,229,224.0399932861328,222.7100067138672,
        229.82000732421875],"volume":[188124900,209486100,179069200,237622900,164771600,66307649]}],
        "adjclose":[{"adjclose":[226.83999633789062,229,220.82000732421875,222.5,220.69000244140625,
        228.8699951171875]}]}}],"error":null}}
        """
    /// §6.1 errors.
    public static let notFound =
        #"{"chart":{"result":null,"error":{"code":"Not Found","description":"No data found, symbol may be delisted"}}}"#
    public static let badInterval =
        #"{"chart":{"result":null,"error":{"code":"Bad Request","description":"Invalid input - interval=5h is not supported. Valid intervals: [1m, 2m, 5m, 15m, 30m, 60m, 90m, 1h, 1d, 5d, 1wk, 1mo, 3mo]"}}}"#
    /// §6.2 a search answer (query `DSK`, two quotes).
    public static let search = """
        {"explains":[],"count":15,"quotes":[
         {"exchange":"PNK","shortname":"DUSKIN CO.LTD","quoteType":"EQUITY","symbol":"DSKNF","index":"quotes",
          "score":20008.0,"typeDisp":"Equity","longname":"Duskin Co., Ltd.","exchDisp":"OTC Markets",
          "sector":"Industrials","sectorDisp":"Industrials","industry":"Conglomerates",
          "industryDisp":"Conglomerates","dispSecIndFlag":true,"isYahooFinance":true},
         {"exchange":"KOE","shortname":"DSK","quoteType":"EQUITY","symbol":"109740.KQ","index":"quotes",
          "score":20004.0,"typeDisp":"Equity","longname":"DSK Co., Ltd.","exchDisp":"KOSDAQ",
          "sector":"Technology","sectorDisp":"Technology","industry":"Electronic Components",
          "industryDisp":"Electronic Components","isYahooFinance":true}],
        "news":[],"nav":[],"lists":[],"researchReports":[],"totalTime":149}
        """
}
