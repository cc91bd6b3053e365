import AsyncHTTPClient
import NIOCore

extension HTTPClient {
    /// The one HTTP client of every REST transport, for the life of the process: AsyncHTTPClient's
    /// usual settings, except that a connection that cannot be made fails at once instead of being
    /// retried until the request's deadline (a server that refuses connections is reported in
    /// milliseconds, not after 10 s).
    static let sise: HTTPClient = {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = .seconds(5)
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()
}
