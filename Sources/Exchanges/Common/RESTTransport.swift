import AsyncHTTPClient
import Foundation
import Logging
import MarketDomain
import NIOCore
import NIOHTTP1

/// GET requests to one exchange's REST API over AsyncHTTPClient, shared by every client: builds the
/// URL and query, collects the body, and turns transport failures into ``ExchangeError``. Each
/// client reads the status and body in its own dialect.
struct RESTTransport: Sendable {
    let baseURL: String
    let httpClient: HTTPClient
    let timeout: TimeAmount
    let logger: Logger

    /// A reply: its status and body.
    struct Reply: Sendable {
        var status: HTTPResponseStatus
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
        return try await send(request)
    }

    /// Sends `POST baseURL + path` with a JSON body.
    func post(_ path: String, json: Data, headers: [(String, String)] = []) async throws -> Reply {
        var request = HTTPClientRequest(url: baseURL + path)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Accept", value: "application/json")
        for (name, value) in headers { request.headers.replaceOrAdd(name: name, value: value) }
        request.body = .bytes(ByteBuffer(bytes: json))
        return try await send(request)
    }

    private func send(_ request: HTTPClientRequest) async throws -> Reply {
        do {
            let response = try await httpClient.execute(request, timeout: timeout, logger: logger)
            let body = try await response.body.collect(upTo: 32 << 20)
            return Reply(status: response.status, body: Data(body.readableBytesView))
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
        return String(describing: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
    }
}
