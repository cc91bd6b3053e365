public import MarketDomain
public import MarketFeatures

/// Opens and closes the detail view model as the board's detail market changes, and draws it.
@MainActor
public final class DetailPresenter {
    private let makeViewModel: @MainActor (MarketID) -> DetailViewModel
    private let screen: DetailScreen
    private var current: (viewModel: DetailViewModel, task: Task<Void, Never>)?
    /// Called when the detail output changed and the screen should be redrawn.
    public var onChange: (@MainActor () -> Void)?

    public init(screen: DetailScreen, makeViewModel: @escaping @MainActor (MarketID) -> DetailViewModel) {
        self.screen = screen
        self.makeViewModel = makeViewModel
    }

    /// Starts the detail of `market`, or stops it when `nil`.
    public func follow(_ market: MarketID?) {
        if current?.viewModel.output.market == market { return }
        current?.task.cancel()
        current = nil
        guard let market else { return }
        let viewModel = makeViewModel(market)
        // One task, owned here and cancelled when the detail closes: it runs the view model and
        // redraws at each of its outputs.
        let outputs = viewModel.outputs()
        let task = Task { @MainActor [weak self] in
            async let running: Void = viewModel.run()
            // Both end when the task is cancelled.
            for await _ in outputs { self?.onChange?() }
            await running
        }
        current = (viewModel, task)
    }

    /// Draws the detail view.
    public func draw(into buffer: inout ScreenBuffer, board: BoardOutput) {
        guard let viewModel = current?.viewModel else { return }
        screen.draw(viewModel.output, status: board, into: &buffer)
    }

    /// Stops the detail view model.
    public func stop() {
        current?.task.cancel()
        current = nil
    }
}
