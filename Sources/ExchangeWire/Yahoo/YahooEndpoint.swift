/// Yahoo Finance's unofficial paths and parameters (exchange-apis.md §6), written once for the
/// client and the simulator.
public enum YahooEndpoint {
    /// `GET /v8/finance/chart/{symbol}`: quotes and bars of one symbol.
    public static let chartPrefix = "/v8/finance/chart/"
    /// `GET /v1/finance/search?q=…`: Latin-script symbol search.
    public static let search = "/v1/finance/search"
    /// The crumb handshake: `GET /v1/test/getcrumb` (after the cookie from `fc.yahoo.com`).
    public static let crumb = "/v1/test/getcrumb"

    /// The query parameter names.
    public enum Parameter {
        public static let range = "range"
        public static let interval = "interval"
        public static let period1 = "period1"
        public static let period2 = "period2"
        public static let query = "q"
        public static let quotesCount = "quotesCount"
        public static let newsCount = "newsCount"
    }

    /// The ranges and intervals Yahoo accepts.
    public static let validRanges = ["1d", "5d", "1mo", "3mo", "6mo", "1y", "2y", "5y", "10y", "ytd", "max"]
    public static let validIntervals = [
        "1m", "2m", "5m", "15m", "30m", "60m", "90m", "1h", "1d", "5d", "1wk", "1mo", "3mo",
    ]

    /// A browser's User-Agent: Yahoo refuses scripted clients with 429 regardless of volume.
    public static let browserUserAgent =
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36"
}
