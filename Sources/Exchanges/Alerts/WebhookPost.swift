import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1

/// One POST of a firing to a webhook, and what became of it: taken, refused for good, or failed
/// for now. A 307 or 308 to the same host is followed as the same POST with its body (three hops
/// at most); any other redirect is a refusal that says so. Problems never name the URL's path.
enum WebhookPost {
    enum Outcome: Equatable {
        case delivered
        case refused(String)
        case failed(String)
    }

    static func send(_ body: Data, to address: WebhookAddress, logger: Logger) async -> Outcome {
        var url = address.url
        for _ in 0..<4 {
            var request = HTTPClientRequest(url: url.absoluteString)
            request.method = .POST
            request.headers.add(name: "Content-Type", value: "application/json")
            request.headers.add(name: "User-Agent", value: "sise-alerts")
            request.body = .bytes(ByteBuffer(bytes: body))
            let status: UInt
            let location: String?
            do {
                let response = try await HTTPClient.siseWebhook.execute(request, timeout: .seconds(10), logger: logger)
                status = response.status.code
                location = response.headers.first(name: "location")
                _ = try? await response.body.collect(upTo: 64 * 1024)
            } catch is CancellationError {
                return .failed("stopped while posting")
            } catch {
                return .failed(describe(error))
            }
            switch status {
            case 200..<300:
                return .delivered
            case 307, 308:
                guard let location, let next = URL(string: location, relativeTo: url)?.absoluteURL else {
                    return .refused("HTTP \(status) without a Location")
                }
                guard address.isSameOrigin(as: next) else {
                    return .refused("HTTP \(status) to another host, \(next.host ?? "?"), not followed")
                }
                url = next
            case 300..<400:
                return .refused("HTTP \(status): a redirect that would turn the POST into a GET, not followed")
            case 408, 425, 429, 500..<600:
                return .failed("HTTP \(status)")
            default:
                return .refused("HTTP \(status)")
            }
        }
        return .refused("more than three redirects")
    }

    /// An error in words that never carry the URL.
    static func describe(_ error: any Error) -> String {
        switch error {
        case let client as HTTPClientError:
            switch client {
            case .readTimeout, .deadlineExceeded: "no answer in 10 s"
            case .connectTimeout: "no connection in 5 s"
            case .remoteConnectionClosed: "the connection was closed before an answer"
            default: "the request failed (\(String(describing: client).prefix(60)))"
            }
        default:
            "could not connect, or the connection broke"
        }
    }
}

extension HTTPClient {
    /// The webhook's client: it follows no redirect itself (AsyncHTTPClient would turn a 302's POST
    /// into a GET without its body; ``WebhookPost`` follows a 307 or 308 to the same host).
    static let siseWebhook: HTTPClient = {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = .seconds(5)
        configuration.redirectConfiguration = .disallow
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()
}
