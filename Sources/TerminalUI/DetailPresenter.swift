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
        viewModel.onChange = { [weak self] in self?.onChange?() }
        // The task is owned here and cancelled when the detail closes.
        current = (viewModel, Task { await viewModel.run() })
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
