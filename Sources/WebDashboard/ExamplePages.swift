import Foundation
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

    /// Puts an example page on its upgraded connection `channel`, on the connection's event
    /// loop: `run` gets the page's messages and a way to answer, and the socket closes when it
    /// returns.
    static func open(
        _ channel: any Channel, tabs: OpenTabs,
        run:
            @escaping @MainActor @Sendable (AsyncStream<ByteBuffer>, _ reply: @escaping @Sendable (ByteBuffer) -> Void)
            async -> Void
    ) throws {
        let outlet = try TabOutlet.install(on: channel)
        let (messages, received) = AsyncStream<ByteBuffer>.makeStream()
        let socket = TabSocketHandler(
            maxMessageSize: 1 << 16, receive: { received.yield($0) },
            closed: {
                tabs.remove(channel)
                received.finish()
            })
        let bound = NIOLoopBound(socket, eventLoop: channel.eventLoop)
        tabs.add(channel, closing: bound)
        try channel.pipeline.syncOperations.addHandler(socket)
        Task { @MainActor in
            await run(messages) { outlet.sendAside($0) }
            bound.eventLoop.execute { bound.value.close(code: 1000) }
        }
    }

    /// Runs a page until it leaves (`messages` end): `outputs` go out through `reply`, inputs
    /// go to `send`.
    static func run<Input: Decodable & Sendable, Output: Encodable & Sendable>(
        messages: AsyncStream<ByteBuffer>, reply: @escaping @Sendable (ByteBuffer) -> Void,
        outputs: AsyncStream<Output>,
        send: @escaping @MainActor @Sendable (Input) -> Void
    ) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                let encoder = JSONEncoder()
                encoder.outputFormatting = .sortedKeys
                for await output in outputs {
                    if let text = try? encoder.encode(Message(type: "output", output: output)) {
                        reply(ByteBuffer(bytes: text))
                    }
                }
            }
            group.addTask {
                for await message in messages {
                    do {
                        let request = try JSONDecoder().decode(
                            Request<Input>.self, from: Data(message.readableBytesView))
                        await send(request.input)
                    } catch {
                        let refusal = Message<Output>(type: "error", message: "not an input of this page: \(error)")
                        if let text = try? JSONEncoder().encode(refusal) { reply(ByteBuffer(bytes: text)) }
                    }
                }
            }
            // The page leaving (its messages ending) ends the session.
            _ = await group.next()
            group.cancelAll()
        }
    }

    /// The repository search page: a view model of its own, searching `swift` on appearing.
    @MainActor
    static func repoSearch(
        _ client: RepositorySearchClient, messages: AsyncStream<ByteBuffer>,
        reply: @escaping @Sendable (ByteBuffer) -> Void
    ) async {
        let viewModel = RepoSearchViewModel(client: client, clock: ViewClock(ContinuousClock()))
        let outputs = viewModel.outputs(bufferingPolicy: .bufferingNewest(8))
        viewModel.send(.appeared)
        await run(messages: messages, reply: reply, outputs: outputs) { viewModel.send($0) }
    }

    /// The numbers page: a view model of its own, fetching five on appearing.
    @MainActor
    static func numbers(
        _ client: RandomNumberClient, messages: AsyncStream<ByteBuffer>, reply: @escaping @Sendable (ByteBuffer) -> Void
    ) async {
        let viewModel = NumbersViewModel(client: client, clock: ViewClock(ContinuousClock()))
        let outputs = viewModel.outputs(bufferingPolicy: .bufferingNewest(8))
        viewModel.send(.appeared)
        await run(messages: messages, reply: reply, outputs: outputs) { viewModel.send($0) }
    }
}
