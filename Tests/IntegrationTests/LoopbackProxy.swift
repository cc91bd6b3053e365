import NIOCore
import NIOPosix
import Synchronization

/// A TCP proxy on loopback that misbehaves on purpose: each accepted connection follows the next
/// step of its plan (never answer, close on the first request, or pass through to the upstream
/// port), and passes through once the plan is used up. It counts the connections the client
/// closed, so a test can see that an abandoned attempt left no socket open.
final class LoopbackProxy: Sendable {
    /// What the proxy does with one connection.
    enum Behaviour: Sendable {
        /// Reads and drops everything, never answers, never closes: a black hole.
        case blackHole
        /// Closes the connection as soon as the first bytes (the upgrade request) arrive.
        case closeOnRequest
        /// Passes bytes both ways to the upstream port.
        case forward
        /// Closes the connection at once (the proxy is in an ``outage(for:)``).
        case refuse
    }

    private struct State {
        var plan: [Behaviour]
        var accepted = 0
        var blackHolesClosedByClient = 0
        /// Counts outages: a forwarded connection ends when it changes.
        var outages = 0
        var refusing = false
    }

    /// The proxy's state, shared with its connections' tasks.
    private final class Shared: Sendable {
        let state: Mutex<State>
        init(_ plan: [Behaviour]) { state = Mutex(State(plan: plan)) }
    }

    let port: Int
    private let shared: Shared
    private let server: Task<Void, Never>

    private init(port: Int, state: Shared, server: Task<Void, Never>) {
        self.port = port
        self.shared = state
        self.server = server
    }

    /// Starts a proxy to `upstreamPort` that follows `plan`, one step per accepted connection.
    static func start(upstreamPort: Int, plan: [Behaviour]) async throws -> LoopbackProxy {
        let state = Shared(plan)
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: 0) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        let port = listener.channel.localAddress?.port ?? 0
        let server = Task<Void, Never> {
            _ = try? await listener.executeThenClose { connections in
                try await withThrowingDiscardingTaskGroup { group in
                    for try await connection in connections {
                        let behaviour = state.state.withLock { state -> Behaviour in
                            state.accepted += 1
                            if state.refusing { return .refuse }
                            return state.plan.isEmpty ? .forward : state.plan.removeFirst()
                        }
                        group.addTask {
                            await serve(connection, behaviour, upstreamPort: upstreamPort, state: state)
                        }
                    }
                }
            }
        }
        return LoopbackProxy(port: port, state: state, server: server)
    }

    private static func serve(
        _ connection: NIOAsyncChannel<ByteBuffer, ByteBuffer>, _ behaviour: Behaviour, upstreamPort: Int,
        state: Shared
    ) async {
        switch behaviour {
        case .blackHole:
            try? await connection.executeThenClose { inbound, _ in
                for try await _ in inbound {}
            }
            // The inbound side ended: the client closed its socket.
            state.state.withLock { $0.blackHolesClosedByClient += 1 }
        case .refuse:
            try? await connection.executeThenClose { _, _ in }
        case .closeOnRequest:
            try? await connection.executeThenClose { inbound, _ in
                var iterator = inbound.makeAsyncIterator()
                _ = try await iterator.next()
            }
        case .forward:
            guard
                let upstream = try? await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                    .connect(
                        host: "127.0.0.1", port: upstreamPort,
                        channelInitializer: { channel in
                            channel.eventLoop.makeCompletedFuture {
                                try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                            }
                        })
            else { return }
            let born = state.state.withLock { $0.outages }
            try? await connection.executeThenClose { clientIn, clientOut in
                try await upstream.executeThenClose { upstreamIn, upstreamOut in
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask { for try await bytes in clientIn { try await upstreamOut.write(bytes) } }
                        group.addTask { for try await bytes in upstreamIn { try await clientOut.write(bytes) } }
                        // An outage cuts every connection that was open.
                        group.addTask {
                            while state.state.withLock({ $0.outages }) == born {
                                try await Task.sleep(for: .milliseconds(20))
                            }
                        }
                        // Either side closing ends both.
                        try await group.next()
                        group.cancelAll()
                    }
                }
            }
        }
    }

    /// How many connections were accepted.
    var accepted: Int { shared.state.withLock { $0.accepted } }
    /// How many black-holed connections the client closed.
    var blackHolesClosedByClient: Int { shared.state.withLock { $0.blackHolesClosedByClient } }

    /// Cuts every open connection and refuses new ones for `duration`, then forwards again.
    func outage(for duration: Duration) async {
        shared.state.withLock {
            $0.outages += 1
            $0.refusing = true
        }
        try? await Task.sleep(for: duration)
        shared.state.withLock { $0.refusing = false }
    }

    func stop() {
        server.cancel()
    }
}
