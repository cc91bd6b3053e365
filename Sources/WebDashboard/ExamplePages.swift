import Foundation
import HummingbirdWebSocket
public import MarketDomain
public import MarketFeatures
import NIOCore

/// The example apps' services a `sise serve` offers its pages (SPEC §1.14): the repository search
/// and the random numbers, each page driven by the same view model as the terminal app.
public struct ExampleClients: Sendable {
    public var repositories: RepositorySearchClient
    public var numbers: RandomNumberClient

    /// Makes the clients.
    public init(repositories: RepositorySearchClient, numbers: RandomNumberClient) {
        self.repositories = repositories
        self.numbers = numbers
    }
}

/// One example page's conversation over its WebSocket: the view model's every output as
/// `{"type":"output","output":…}`, each `{"input":…}` the page sends handed to it, anything else
/// answered `{"type":"error","message":…}` with the connection kept.
enum ExamplePageSession {
    /// A page's request: an input of its view model.
    private struct Request<Input: Decodable>: Decodable {
        let input: Input
    }

    /// What the server sends.
    private struct Message<Output: Encodable>: Encodable {
        let type: String
        var output: Output?
        var message: String?
    }

    /// Runs a page over `inbound`/`outbound` until it closes: `outputs` go out, inputs go to `send`.
    static func run<Input: Decodable & Sendable, Output: Encodable & Sendable>(
        inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, outputs: AsyncStream<Output>,
        send: @escaping @MainActor @Sendable (Input) -> Void
    ) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                let encoder = JSONEncoder()
                encoder.outputFormatting = .sortedKeys
                for await output in outputs {
                    let text = try encoder.encode(Message(type: "output", output: output))
                    try await outbound.write(.text(String(decoding: text, as: UTF8.self)))
                }
            }
            group.addTask {
                for try await message in inbound.messages(maxSize: 1 << 16) {
                    let bytes: Data
                    switch message {
                    case .text(let text): bytes = Data(text.utf8)
                    case .binary(let buffer): bytes = Data(buffer.readableBytesView)
                    }
                    do {
                        let request = try JSONDecoder().decode(Request<Input>.self, from: bytes)
                        await send(request.input)
                    } catch {
                        let reply = Message<Output>(type: "error", message: "not an input of this page: \(error)")
                        let text = try JSONEncoder().encode(reply)
                        try await outbound.write(.text(String(decoding: text, as: UTF8.self)))
                    }
                }
            }
            // The page leaving (the reader ending) ends the session.
            _ = try await group.next()
            group.cancelAll()
        }
    }

    /// The repository search page: a view model of its own, searching `swift` on appearing.
    @MainActor
    static func repoSearch(
        _ client: RepositorySearchClient, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter
    ) async throws {
        let viewModel = RepoSearchViewModel(client: client, clock: ViewClock(ContinuousClock()))
        let outputs = viewModel.outputs(bufferingPolicy: .bufferingNewest(8))
        viewModel.send(.appeared)
        try await run(inbound: inbound, outbound: outbound, outputs: outputs) { viewModel.send($0) }
    }

    /// The numbers page: a view model of its own, fetching five on appearing.
    @MainActor
    static func numbers(
        _ client: RandomNumberClient, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter
    ) async throws {
        let viewModel = NumbersViewModel(client: client, clock: ViewClock(ContinuousClock()))
        let outputs = viewModel.outputs(bufferingPolicy: .bufferingNewest(8))
        viewModel.send(.appeared)
        try await run(inbound: inbound, outbound: outbound, outputs: outputs) { viewModel.send($0) }
    }
}
