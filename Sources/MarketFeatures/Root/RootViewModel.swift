public import MarketDomain
import SiseSupport

/// One viewer's whole app (SPEC §4), Input → transform → Output: the board (its tabs, search,
/// sort, favorites, Compare, help, confirmations and toasts), the detail of the market the board
/// opened, the Watchlist and Alerts tabs while they show, and the alert notices on every screen. A terminal and a browser tab each hold one and
/// render its outputs; which screen shows is decided here, not by them.
///
/// It owns every task it starts: the detail's (cancelled when the detail closes), the board's
/// and the forwarding of each part's outputs (ended with ``run()``). Time comes from the clocks
/// its parts were given.
@MainActor
public final class RootViewModel {
    /// The Watchlist tab's view model.
    public typealias Watchlist = WatchlistViewModel

    /// What a person did, for the part of the app it was done in, or a key pressed (read through
    /// ``KeyTable`` in the output's focus). In JSON the part names the input:
    /// `{"board":{"searchTextChanged":{"text":"ㅂㅌ"}}}`, `{"watchlist":{"addRequested":{}}}`,
    /// `{"detail":{"nextPaneChosen":{}}}`, `{"alerts":{"formOpened":{}}}`, `{"key":"ArrowDown"}`.
    public enum Input: Sendable, Equatable, Codable {
        case board(BoardInput)
        case watchlist(Watchlist.Input)
        /// For the open detail (ignored when none is open).
        case detail(DetailInput)
        /// For the Alerts tab (ignored without one).
        case alerts(AlertsInput)
        /// A key, meaning what the key table says in the current focus.
        case key(Key)

        private enum CodingKeys: String, CodingKey { case board, watchlist, detail, alerts, key }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            guard container.allKeys.count == 1, let key = container.allKeys.first else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: [],
                        debugDescription:
                            "an input is one of {\"board\":…}, {\"watchlist\":…}, {\"detail\":…}, {\"alerts\":…} or {\"key\":…}"
                    ))
            }
            switch key {
            case .board: self = .board(try container.decode(BoardInput.self, forKey: .board))
            case .watchlist: self = .watchlist(try container.decode(Watchlist.Input.self, forKey: .watchlist))
            case .detail: self = .detail(try container.decode(DetailInput.self, forKey: .detail))
            case .alerts: self = .alerts(try container.decode(AlertsInput.self, forKey: .alerts))
            case .key: self = .key(try container.decode(Key.self, forKey: .key))
            }
        }

        /// Whether this is a key (the key table never answers with one).
        var isKey: Bool {
            if case .key = self { return true }
            return false
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .board(let input): try container.encode(input, forKey: .board)
            case .watchlist(let input): try container.encode(input, forKey: .watchlist)
            case .detail(let input): try container.encode(input, forKey: .detail)
            case .alerts(let input): try container.encode(input, forKey: .alerts)
            case .key(let key): try container.encode(key, forKey: .key)
            }
        }
    }

    /// Everything the viewer's screen shows.
    public struct Output: Sendable, Equatable, Codable {
        public var board = BoardOutput()
        /// The market the board opened (`Enter`), while its detail is open.
        public var detail: DetailOutput?
        /// The Watchlist tab, while the board is on it.
        public var watchlist: Watchlist.Output?
        /// The Alerts tab, while the board is on it.
        public var alerts: AlertsOutput?
        /// The alert notice showing, on whatever screen shows.
        public var alert: AlertNotice?
        /// What has the keyboard.
        public var focus = KeyboardFocus.board
        /// The keys of the screen under it, while the help (`?`) shows.
        public var help: KeyHelpSheet?
        /// How many keys (``Input/key(_:)``) this root has read, each one's effect in this
        /// output: a page holds the letters typed behind a key until a screen has read that key
        /// (`/` gives the search the keyboard there, and `/btc` typed at once belongs in it).
        public var keysRead = 0

        public init() {}
    }

    /// The latest output.
    public private(set) var output = Output()
    private let publisher = Broadcast(latest: Output())
    /// Who follows the outputs on the main actor (``observeOutputs(_:)``).
    private let outputObservers = OutputObservers()

    /// The board's view model (its frames are taken by ``run()``).
    public let board: BoardViewModel
    private let watchlist: Watchlist?
    private let alerts: AlertsViewModel?
    private let makeDetail: @MainActor (MarketID) -> DetailViewModel
    /// The open detail (its task, `detail`, runs it and forwards its outputs).
    private var detail: DetailViewModel?
    /// The detail's task, on the executor the root was given (a test's own, or the shared pool).
    private let tasks: TaskOwner
    private var isWatchlistShowing = false

    /// A root over a board view model, the Watchlist tab's (none without a stock source), the
    /// Alerts tab's (none without a store of rules) and a way to make a market's detail view
    /// model when the board opens one.
    public init(
        board: BoardViewModel, watchlist: Watchlist?, alerts: AlertsViewModel? = nil,
        executor: (any TaskExecutor)? = nil, makeDetail: @escaping @MainActor (MarketID) -> DetailViewModel
    ) {
        tasks = TaskOwner(executor: executor)
        self.board = board
        self.watchlist = watchlist
        self.alerts = alerts
        self.makeDetail = makeDetail
    }

    /// The current output, then every new one (only the newest waits by default: a renderer's
    /// need; `.unbounded` keeps each one in order).
    public func outputs(
        bufferingPolicy: AsyncStream<Output>.Continuation.BufferingPolicy = .bufferingNewest(1)
    ) -> AsyncStream<Output> {
        publisher.subscribe(bufferingPolicy: bufferingPolicy)
    }

    /// Takes one input; its effect is in ``output`` when this returns (a terminal reads the next
    /// key against it).
    public func send(_ input: Input) {
        switch input {
        case .board(let input):
            board.send(input)
            board.frame()
            show(board: board.output)
        case .watchlist(let input):
            guard let watchlist else { return }
            watchlist.send(input)
            show(watchlist: watchlist.output)
        case .detail(let input):
            guard let viewModel = detail else { return }
            viewModel.send(input)
            show(detail: viewModel.output)
        case .alerts(let input):
            guard let alerts else { return }
            alerts.send(input)
            show(alerts: alerts.screen)
        case .key(let key):
            // Quitting is the terminal's to do: a key sent here only ever becomes an input.
            if case .send(let input) = KeyTable.action(for: key, in: output), input.isKey == false { send(input) }
            var read = output
            read.keysRead += 1
            publish(read)
        }
    }

    /// Runs the board and follows every part's outputs until cancelled; then closes what is open.
    public func run() async {
        // The board's outputs are followed where they are sent: no thread wakes for them. What
        // shows is the board's output of now.
        let observation = board.observeOutputs { [weak self] in
            guard let self else { return }
            self.show(board: self.board.output)
        }
        defer { board.stopObservingOutputs(observation) }
        let watchlistOutputs = watchlist?.outputs()
        let alertsOutputs = alerts?.outputs()
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.board.run() }
            if let alerts, let alertsOutputs {
                group.addTask { await alerts.run() }
                group.addTask { await self.showEach(alertsOutputs) { $0.show(alerts: alerts.screen) } }
            }
            if let watchlistOutputs {
                group.addTask {
                    await self.showEach(watchlistOutputs) { root in
                        if let output = root.watchlist?.output { root.show(watchlist: output) }
                    }
                }
            }
            await group.next()
            group.cancelAll()
        }
        follow(detailMarket: nil)
        follow(tab: nil)
    }

    /// Calls `observer` on the main actor at each new output from now on, right after it is
    /// sent: a view on the main actor (the terminal) follows without waking a thread.
    /// Returns the observer's number, for ``stopObservingOutputs(_:)``.
    @discardableResult
    public func observeOutputs(_ observer: @escaping @MainActor () -> Void) -> Int {
        outputObservers.add(observer)
    }

    /// Stops calling the observer of that number.
    public func stopObservingOutputs(_ id: Int) {
        outputObservers.remove(id)
    }

    /// Shows what `outputs` say moved, each time they do, until they end. On the main actor,
    /// where the outputs are sent: an output wakes no other thread.
    private func showEach<Element>(_ outputs: AsyncStream<Element>, _ show: @MainActor (RootViewModel) -> Void) async {
        for await _ in outputs { show(self) }
    }

    private func show(board boardOutput: BoardOutput) {
        follow(detailMarket: boardOutput.detailMarket, fromCompare: boardOutput.tab == .compare)
        follow(tab: boardOutput.tab)
        var next = output
        next.board = boardOutput
        next.detail = detail?.output
        next.watchlist = isWatchlistShowing ? watchlist?.output : nil
        next.alerts = boardOutput.tab == .alerts ? alerts?.screen.tab : nil
        publish(next)
    }

    private func show(alerts screen: AlertsViewModel.Screen) {
        var next = output
        next.alert = screen.notice
        next.alerts = output.board.tab == .alerts ? screen.tab : nil
        publish(next)
    }

    private func show(watchlist watchlistOutput: Watchlist.Output) {
        guard isWatchlistShowing else { return }
        var next = output
        next.watchlist = watchlistOutput
        publish(next)
    }

    private func show(detail detailOutput: DetailOutput) {
        guard detail?.output.market == detailOutput.market else { return }
        var next = output
        next.detail = detailOutput
        publish(next)
    }

    private func publish(_ next: Output) {
        var next = next
        next.focus = KeyboardFocus(board: next.board, watchlist: next.watchlist, alerts: next.alerts)
        next.help = next.board.isHelpVisible ? KeyTable.help(for: KeyTable.helpScreen(of: next)) : nil
        guard next != output else { return }
        output = next
        publisher.send(next)
        outputObservers.notify()
    }

    /// Opens the detail of `market`, or closes the open one when `nil` (cancelling its task). A
    /// coin opened from the Compare tab shows its premium history first.
    private func follow(detailMarket market: MarketID?, fromCompare: Bool = false) {
        guard detail?.output.market != market else { return }
        tasks.cancel("detail")
        detail = nil
        guard let market else { return }
        let viewModel = makeDetail(market)
        if fromCompare { viewModel.send(.chartChosen(.premium)) }
        let outputs = viewModel.outputs()
        tasks.replace("detail") { @MainActor [weak self] in
            async let running: Void = viewModel.run()
            // Both end when the task is cancelled.
            for await output in outputs { self?.show(detail: output) }
            await running
        }
        detail = viewModel
    }

    /// Shows the Watchlist tab when the board is on it and hides it otherwise (cancelling its requests).
    private func follow(tab: BoardTab?) {
        guard let watchlist else { return }
        let showing = tab == .watchlist
        guard showing != isWatchlistShowing else { return }
        isWatchlistShowing = showing
        watchlist.send(showing ? .appeared : .disappeared)
    }
}
