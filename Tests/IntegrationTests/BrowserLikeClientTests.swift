import ExchangeSimulator
import ExchangeWire
import MarketDomain
import TestSupport
import Testing

/// Every dialect of the simulator answered as curl_cffi's Chrome impersonation asks (what
/// yfinance and yahooquery use): ten requests on one kept-alive connection, each offering an
/// `h2c` upgrade the server declines.
@Suite(.timeLimit(.minutes(5))) struct BrowserLikeClientTests {
    private static func request(_ path: String, method: String = "GET", body: String = "") -> String {
        var text = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade, HTTP2-Settings\r\n"
        text += "Upgrade: h2c\r\nHTTP2-Settings: AAMAAABkAAQAoAAAAAIAAAAA\r\n"
        text += "sec-ch-ua: \"Chromium\";v=\"150\"\r\nUser-Agent: Mozilla/5.0 (Macintosh) Chrome/150.0.0.0\r\n"
        text += "Accept: text/html,application/json;q=0.9,*/*;q=0.8\r\nAccept-Encoding: gzip, deflate, br, zstd\r\n"
        if !body.isEmpty { text += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n" }
        return text + "\r\n" + body
    }

    private static let paths: [(String, String)] = [
        ("Upbit", UpbitEndpoint.marketAll), ("Bithumb", BithumbEndpoint.marketAll),
        ("Korbit", KorbitEndpoint.currencyPairs), ("Binance", BinanceEndpoint.exchangeInfo),
        ("Yahoo", YahooEndpoint.crumb),
    ]

    @Test func everyDialectAnswersTenRequestsOnOneKeptAliveConnection() async throws {
        let harness = try await SimulatorHarness.start(markets: 20)
        defer { Task { await harness.stop() } }
        let running = harness.running
        let ports: [(String, Int)] = [
            ("Upbit", running.ports[.upbit] ?? 0), ("Bithumb", running.ports[.bithumb] ?? 0),
            ("Korbit", running.ports[.korbit] ?? 0), ("Binance", running.ports[.binance] ?? 0),
            ("Yahoo", running.stockPorts[.yahoo] ?? 0),
        ]
        for (name, port) in ports {
            let path = try #require(Self.paths.first { $0.0 == name }?.1)
            let answers = try await withDeadline(seconds: 60, "\(name): ten answers") {
                try await KeepAliveConnection.exchange(
                    port: port, requests: Array(repeating: Self.request(path), count: 10))
            }
            #expect(answers.map(\.status) == Array(repeating: 200, count: 10), "\(name)")
            #expect(answers.allSatisfy { !$0.body.isEmpty }, "\(name)")
        }
        // KIS: a token request with a body, then quotations, still on one connection.
        let kisPort = running.stockPorts[.kis] ?? 0
        let token = Self.request(
            KISEndpoint.token, method: "POST",
            body: #"{"grant_type":"client_credentials","appkey":"PSkey","appsecret":"secret"}"#)
        let quotation = Self.request(KISEndpoint.inquirePrice + "?FID_COND_MRKT_DIV_CODE=J&FID_INPUT_ISCD=005930")
        let answers = try await withDeadline(seconds: 60, "KIS: ten answers") {
            try await KeepAliveConnection.exchange(
                port: kisPort, requests: [token] + Array(repeating: quotation, count: 9))
        }
        #expect(answers.count == 10)
        let tokenAnswer = try #require(answers.first)
        #expect(tokenAnswer.status == 200)
        let tokenBody = String(decoding: tokenAnswer.body, as: UTF8.self)
        #expect(tokenBody.contains("access_token"))
    }
}
