import AsyncHTTPClient
import Foundation
import Logging
import MarketDomain
import NIOCore
import NIOHTTP1
import NIOPosix
import SiseSupport

/// GET requests to one exchange's REST API over AsyncHTTPClient, shared by every client: builds the
/// URL and query, collects the body, and turns transport failures into ``ExchangeError``. Each
/// client reads the status and body in its own dialect.
///
/// With rate limits (the coin exchanges), requests are paced to the exchange's limit and a 429 is
/// retried after the exchange's `Retry-After` (or 1, 2, 4, 8 s), up to `maximumRefusalWait` in
/// all; a 418 (Upbit's and Binance's ban) is never retried.
struct RESTTransport: Sendable {
    let baseURL: String
    let httpClient: HTTPClient
    let timeout: TimeAmount
    let logger: Logger
    var limits: RESTRateLimits? = nil
    /// The name used in messages (`Upbit`).
    var serverName: String = "the server"
    /// The longest a request waits in all for refusals to end before it fails.
    var maximumRefusalWait: Duration = .seconds(60)

    /// A reply: its status, headers and body.
    struct Reply: Sendable {
        var status: HTTPResponseStatus
        var headers: HTTPHeaders = [:]
        var body: Data
    }

    /// Sends `GET baseURL + path ? query`; throws ``ExchangeError/unavailable(_:)`` when the server
    /// cannot be reached or the body cannot be read.
    func get(
        _ path: String, _ query: [(String, String)] = [], headers: [(String, String)] = []
    ) async throws -> Reply {
        var request = HTTPClientRequest(url: baseURL + path + Self.queryString(query))
        request.headers.add(name: "Accept", value: "application/json")
        for (name, value) in headers { request.headers.replaceOrAdd(name: name, value: value) }
        return try await send(request, path: path, query: query)
    }

    /// Sends `POST baseURL + path` with a JSON body.
    func post(_ path: String, json: Data, headers: [(String, String)] = []) async throws -> Reply {
        var request = HTTPClientRequest(url: baseURL + path)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Accept", value: "application/json")
        for (name, value) in headers { request.headers.replaceOrAdd(name: name, value: value) }
        request.body = .bytes(ByteBuffer(bytes: json))
        return try await send(request, path: path)
    }

    /// Sends `request`, paced and retried on refusals when the transport has rate limits.
    private func send(
        _ request: HTTPClientRequest, path: String, query: [(String, String)] = []
    ) async throws -> Reply {
        guard let limits else { return try await sendOnce(request) }
        let pacer = limits.pacer(for: path)
        var waited = Duration.zero
        var refusals = 0
        while true {
            // Weighed right before it goes (after the pacer's wait, which may cross a window).
            try await pacer.acquire()
            let weighed: ContinuousClock.Instant
            let reply: Reply
            do {
                try await limits.reserveWeight(path: path, query: query)
                weighed = .now
                reply = try await sendOnce(request)
            } catch {
                await pacer.release()
                throw error
            }
            limits.noteRoundTrip(.now - weighed)
            let refused = reply.status == .tooManyRequests
            await limits.learn(from: reply.headers, path: path, refused: refused)
            let delay = Self.retryDelay(reply.headers, refusals: refusals + 1)
            limits.learnWeight(from: reply.headers, refused: refused, retryAfter: delay)
            await pacer.release()
            guard refused else { return reply }
            refusals += 1
            guard waited + delay <= maximumRefusalWait else {
                throw ExchangeError.rateLimited(
                    "\(serverName) kept refusing requests (HTTP 429) for \(Int(waited.components.seconds)) s; try again later"
                )
            }
            logger.info("\(serverName) refused \(path) (HTTP 429); retrying in \(delay)")
            await pacer.pause(for: delay)
            waited += delay
        }
    }

    /// How long to wait after a refusal: the server's `Retry-After` seconds, else 1, 2, 4, 8 s.
    static func retryDelay(_ headers: HTTPHeaders, refusals: Int) -> Duration {
        if let text = headers.first(name: "Retry-After"), let seconds = Int(text), (0...600).contains(seconds) {
            return .seconds(max(1, seconds))
        }
        return .seconds(1 << min(max(refusals - 1, 0), 3))
    }

    private func sendOnce(_ request: HTTPClientRequest) async throws -> Reply {
        do {
            let response = try await httpClient.execute(request, timeout: timeout, logger: logger)
            let body = try await response.body.collect(upTo: 32 << 20)
            return Reply(status: response.status, headers: response.headers, body: Data(body.readableBytesView))
        } catch {
            throw ExchangeError.unavailable("\(baseURL): \(Self.describe(error))")
        }
    }

    /// Decodes a success body; a body of another shape is ``ExchangeError/badResponse(_:)``.
    static func decode<Value: Decodable>(_ type: Value.Type, from body: Data, path: String) throws -> Value {
        do {
            return try JSONDecoder().decode(Value.self, from: body)
        } catch {
            throw ExchangeError.badResponse("\(path): \(describe(error))")
        }
    }

    /// The query string, `?a=1&b=2`, with values percent-encoded (commas and brackets too).
    static func queryString(_ query: [(String, String)]) -> String {
        guard !query.isEmpty else { return "" }
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+,:[]\"")
        return "?"
            + query.map { key, value in
                "\(key)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)"
            }.joined(separator: "&")
    }

    /// A short, clean line of a body that is not the expected JSON (a proxy's HTML, a plain 429).
    static func excerpt(_ body: Data, status: HTTPResponseStatus) -> String {
        let text = DisplayWidth.sanitized(String(decoding: body.prefix(200), as: UTF8.self))
        return text.isEmpty ? "HTTP \(status.code)" : text
    }

    /// The usual mapping of an HTTP error status with a message.
    static func error(status: HTTPResponseStatus, message: String) -> ExchangeError {
        switch status.code {
        case 429, 418: .rateLimited("HTTP \(status.code): \(message)")
        case 400..<500: .badRequest("HTTP \(status.code): \(message)")
        default: .unavailable("HTTP \(status.code): \(message)")
        }
    }

    /// A one-line description of a transport or decoding error.
    static func describe(_ error: any Error) -> String {
        if let decoding = error as? DecodingError {
            switch decoding {
            case .keyNotFound(let key, _): return "missing field \(key.stringValue)"
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
                let path = context.codingPath.map(\.stringValue).joined(separator: ".")
                return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
            @unknown default: return "\(decoding)"
            }
        }
        if let connection = error as? NIOConnectionError {
            if connection.dnsAError != nil || connection.dnsAAAAError != nil, connection.connectionErrors.isEmpty {
                return "cannot resolve the host"
            }
            if let first = connection.connectionErrors.first { return describe(first.error) }
        }
        if let io = error as? IOError {
            switch io.errnoCode {
            case ECONNREFUSED: return "connection refused"
            case ETIMEDOUT: return "connection timed out"
            case EHOSTUNREACH, ENETUNREACH: return "host unreachable"
            case ECONNRESET: return "connection reset"
            default: return "socket error \(io.errnoCode)"
            }
        }
        if let client = error as? HTTPClientError {
            switch client {
            case .connectTimeout, .deadlineExceeded, .readTimeout: return "no answer in time"
            case .invalidURL: return "not a valid URL"
            case .remoteConnectionClosed: return "the server closed the connection"
            default: break
            }
        }
        let line = String(describing: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
        return DisplayWidth.sanitized(line)
    }
}
