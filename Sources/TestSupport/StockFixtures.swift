public import MarketDomain

/// The stocks tests share, as the KRX and S&P lists name them: one Samsung, one SK hynix, one
/// Kakao, one Apple (Korean stocks without the English names a source fills in later).
public enum StockFixtures {
    /// 삼성전자, KOSPI 005930.
    public static let samsung = Stock(code: "005930", koreanName: "삼성전자", englishName: "", market: .kospi)
    /// SK하이닉스, KOSPI 000660.
    public static let hynix = Stock(code: "000660", koreanName: "SK하이닉스", englishName: "", market: .kospi)
    /// 카카오, KOSDAQ 035720.
    public static let kakao = Stock(code: "035720", koreanName: "카카오", englishName: "", market: .kosdaq)
    /// Apple Inc., NASDAQ AAPL.
    public static let apple = Stock(code: "AAPL", koreanName: "", englishName: "Apple Inc.", market: .nasdaq)
}
