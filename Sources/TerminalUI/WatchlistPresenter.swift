public import MarketDomain
public import MarketFeatures

/// Runs the Watchlist tab: shows and hides its view model as the tab is chosen and left, maps keys
/// to its inputs, and draws it.
@MainActor
public final class WatchlistPresenter {
    private let viewModel: WatchlistViewModel<ContinuousClock>
    private let screen: WatchlistScreen
    private let isSimulated: Bool
    private var isShowing = false

    /// A presenter of a watchlist view model.
    public init(viewModel: WatchlistViewModel<ContinuousClock>, screen: WatchlistScreen, isSimulated: Bool) {
        self.viewModel = viewModel
        self.screen = screen
        self.isSimulated = isSimulated
    }

    /// Each time the tab's output changes (the screen should be redrawn).
    public func changes() -> AsyncStream<Void> {
        let outputs = viewModel.outputs()
        let (changes, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let forwarding = Task {
            for await _ in outputs { continuation.yield() }
            continuation.finish()
        }
        continuation.onTermination = { _ in forwarding.cancel() }
        return changes
    }

    /// Shows the tab when the board is on it, and leaves it (cancelling its requests) otherwise.
    public func follow(_ tab: BoardTab) {
        let showing = tab == .watchlist
        guard showing != isShowing else { return }
        isShowing = showing
        viewModel.send(showing ? .appeared : .disappeared)
    }

    /// What a key does on the tab.
    public enum Action: Equatable {
        /// The tab took it.
        case handled
        /// The board should take it (tab switching, help).
        case board
        case quit
    }

    /// Handles a key on the tab.
    public func handle(_ key: Key) -> Action {
        let output = viewModel.output
        if output.detail != nil {
            switch key {
            case .escape, .enter, .backspace, .left, .character("h"): viewModel.send(.detailClosed)
            case .character("q"), .interrupt: return .quit
            default: break
            }
            return .handled
        }
        if let search = output.search {
            switch key {
            case .escape: viewModel.send(.searchCancelled)
            case .enter: viewModel.send(.searchChosen)
            case .up: viewModel.send(.searchSelectionMoved(by: -1))
            case .down, .tab: viewModel.send(.searchSelectionMoved(by: 1))
            case .backspace: viewModel.send(.searchTextChanged(String(search.text.dropLast())))
            case .character(let character): viewModel.send(.searchTextChanged(search.text + String(character)))
            case .interrupt: return .quit
            default: break
            }
            return .handled
        }
        if output.confirmation != nil {
            switch key {
            case .character("y"), .character("Y"): viewModel.send(.confirmationAnswered(true))
            case .character("n"), .character("N"), .escape: viewModel.send(.confirmationAnswered(false))
            case .interrupt: return .quit
            default: break
            }
            return .handled
        }
        switch key {
        case .up, .character("k"): viewModel.send(.selectionMoved(by: -1))
        case .down, .character("j"): viewModel.send(.selectionMoved(by: 1))
        case .character("K"): viewModel.send(.selectedMoved(by: -1))
        case .character("J"): viewModel.send(.selectedMoved(by: 1))
        case .character("a"), .character("/"): viewModel.send(.addRequested)
        case .character("d"), .character("x"): viewModel.send(.removeRequested)
        case .character("r"): viewModel.send(.refreshRequested)
        case .enter: viewModel.send(.detailOpened)
        case .character("q"), .interrupt: return .quit
        default: return .board
        }
        return .handled
    }

    /// Draws the tab over the board's frame.
    public func draw(into buffer: inout ScreenBuffer) {
        screen.draw(viewModel.output, isSimulated: isSimulated, into: &buffer)
    }

    /// Leaves the tab for good.
    public func stop() {
        viewModel.send(.disappeared)
    }
}
