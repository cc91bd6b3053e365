import SiseSupport

/// The range each number of an input is held to where it enters (issue 63): a browser tab can
/// send any integer, and a step of `Int.max` must move to the end, not end the server. A step
/// larger than any list or chart is as good as the end; rows larger than any screen are a screen.
public enum InputBounds {
    /// Rows, pages, candles, zoom steps, amounts and units moved at once.
    public static let steps = -1_000_000...1_000_000
    /// Table rows a viewport holds.
    public static let viewportRows = 1...1_000
}

extension RootViewModel.Input {
    /// The same input with every number held inside ``InputBounds``.
    public var bounded: Self {
        switch self {
        case .board(let input): .board(input.bounded)
        case .watchlist(let input): .watchlist(input.bounded)
        case .detail(let input): .detail(input.bounded)
        case .alerts(.selectionMoved(let step)): .alerts(.selectionMoved(by: step.clamped(to: InputBounds.steps)))
        case .alerts, .key: self
        }
    }
}

extension BoardInput {
    /// The same input with its step or rows held inside ``InputBounds``.
    public var bounded: Self {
        switch self {
        case .selectionMoved(let step): .selectionMoved(by: step.clamped(to: InputBounds.steps))
        case .pageMoved(let pages): .pageMoved(by: pages.clamped(to: InputBounds.steps))
        case .viewportResized(let rows): .viewportResized(rows: rows.clamped(to: InputBounds.viewportRows))
        default: self
        }
    }
}

extension WatchlistInput {
    /// The same input with its step held inside ``InputBounds``.
    public var bounded: Self {
        switch self {
        case .selectionMoved(let step): .selectionMoved(by: step.clamped(to: InputBounds.steps))
        case .selectedMoved(let step): .selectedMoved(by: step.clamped(to: InputBounds.steps))
        case .searchSelectionMoved(let step): .searchSelectionMoved(by: step.clamped(to: InputBounds.steps))
        default: self
        }
    }
}

extension DetailInput {
    /// The same input with its step held inside ``InputBounds``.
    public var bounded: Self {
        switch self {
        case .fillAmountStepped(let steps): .fillAmountStepped(by: steps.clamped(to: InputBounds.steps))
        case .chartZoomed(let steps): .chartZoomed(by: steps.clamped(to: InputBounds.steps))
        case .chartPanned(let candles): .chartPanned(by: candles.clamped(to: InputBounds.steps))
        case .bookGroupingStepped(let steps): .bookGroupingStepped(by: steps.clamped(to: InputBounds.steps))
        default: self
        }
    }
}
