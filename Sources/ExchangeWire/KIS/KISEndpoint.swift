/// The KIS Open API paths, transaction ids, parameters and limits (exchange-apis.md §5), written
/// once for the client and the simulator.
public enum KISEndpoint {
    /// `POST /oauth2/tokenP`: the access token.
    public static let token = "/oauth2/tokenP"
    /// `GET …/inquire-price` (현재가), tr_id ``TransactionID/price``.
    public static let inquirePrice = "/uapi/domestic-stock/v1/quotations/inquire-price"
    /// `GET …/inquire-daily-price` (일자별): the last 30 days, tr_id ``TransactionID/dailyPrice``.
    public static let inquireDailyPrice = "/uapi/domestic-stock/v1/quotations/inquire-daily-price"
    /// `GET …/inquire-daily-itemchartprice` (기간별시세): 100 rows a call, tr_id ``TransactionID/chartPrice``.
    public static let inquireDailyChartPrice = "/uapi/domestic-stock/v1/quotations/inquire-daily-itemchartprice"
    /// `GET …/search-info` (상품기본조회), tr_id ``TransactionID/searchInfo``.
    public static let searchInfo = "/uapi/domestic-stock/v1/quotations/search-info"
    /// The master files: `/common/master/kospi_code.mst.zip`, `…/kosdaq_code.mst.zip`.
    public static let kospiMaster = "/common/master/kospi_code.mst.zip"
    public static let kosdaqMaster = "/common/master/kosdaq_code.mst.zip"

    /// The transaction ids sent as the `tr_id` header.
    public enum TransactionID {
        public static let price = "FHKST01010100"
        public static let dailyPrice = "FHKST01010400"
        public static let chartPrice = "FHKST03010100"
        public static let searchInfo = "CTPF1604R"
    }

    /// The query parameter names (upper case, as the official code sends them).
    public enum Parameter {
        public static let market = "FID_COND_MRKT_DIV_CODE"
        public static let code = "FID_INPUT_ISCD"
        public static let period = "FID_PERIOD_DIV_CODE"
        public static let adjusted = "FID_ORG_ADJ_PRC"
        public static let from = "FID_INPUT_DATE_1"
        public static let to = "FID_INPUT_DATE_2"
        public static let productNumber = "PDNO"
        public static let productType = "PRDT_TYPE_CD"
    }

    /// The most rows `inquire-daily-itemchartprice` returns.
    public static let maxChartRows = 100
    /// Requests a second per app key: real accounts 18, mock (모의투자) accounts 1.
    public static let realRequestsPerSecond = 18
    public static let mockRequestsPerSecond = 1

    /// The error codes clients act on.
    public enum ErrorCode {
        /// Over the per-second limit: back off and retry.
        public static let rateLimited = "EGW00201"
        /// The token expired: issue a new one, then retry.
        public static let tokenExpired = "EGW00123"
        /// The token is not valid.
        public static let tokenInvalid = "EGW00121"
        /// Token issuance too soon (once a minute).
        public static let tokenTooSoon = "EGW00133"
    }
}
