import ExchangeWire
import Foundation
public import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
public import Logging
public import MarketDomain
import NIOCore
import ServiceLifecycle
import Synchronization

/// The example apps' services (GitHub's repository search, the random numbers): their routers
/// and servers, and what each was asked.
extension ExchangeSimulator {
    /// The queries the simulated GitHub searched, in order (tests check what an app sent).
    public var githubSearches: [String] { githubQueries.withLock { $0 } }

    /// How many requests an example service received.
    public func exampleRequests(for service: ExampleService) -> Int {
        exampleRequestCounts.withLock { $0[service] ?? 0 }
    }

    /// The routes of an example app's service (GitHub's repository search, the random-number
    /// service), behind any faults: each refuses as the real one does.
    public func buildRouter(for service: ExampleService) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        let now = now
        router.add(
            middleware: ExampleGatewayMiddleware(service: service) {
                self.exampleRequestCounts.withLock { $0[service, default: 0] += 1 }
            })
        if configuration.faults.isActive {
            router.add(
                middleware: FaultMiddleware(faults: configuration.faults) {
                    switch service {
                    case .github: GitHubRESTController<BasicRequestContext>.refusal(now: now())
                    case .randomNumbers: RandomNumberController<BasicRequestContext>.refusal
                    }
                })
        }
        switch service {
        case .github:
            GitHubRESTController(repositories: repositories, gate: githubGate, now: now) { query in
                self.githubQueries.withLock { $0.append(query) }
            }
            .register(on: router)
        case .randomNumbers:
            RandomNumberController(draws: randomDraws).register(on: router)
        }
        return router
    }

    /// The server of an example app's service, at the root of its own port.
    func buildApplication(
        for service: ExampleService, onListening: @escaping @Sendable (Int) -> Void
    ) -> some ApplicationProtocol {
        Application(
            router: buildRouter(for: service),
            server: .upgradeScreened { HTTP1Channel(responder: $0) },
            configuration: .init(address: .hostname(configuration.host, port: configuration.port(for: service))),
            onServerRunning: { channel in onListening(channel.localAddress?.port ?? 0) },
            logger: logger
        )
    }
}
