import MarketFeatures

/// The price charts laid out lately, each with what it was laid out from: a tab whose detail shows
/// a chart from equal inputs (another tab on the same coin, interval and window) takes the layout
/// made for them instead of laying out a thousand candles again. Not `Sendable`: one isolation
/// uses it (the server's main actor).
final class PriceChartLayouts {
    private var kept: [DashboardScreen.PriceChartCache] = []
    private let depth: Int

    /// Keeps the latest `depth` layouts.
    init(depth: Int) {
        self.depth = depth
    }

    /// The layout kept for `inputs`, or `making()`'s, kept for the next.
    func layout(
        for inputs: DashboardScreen.PriceChartCache.Inputs, making: () -> PriceChartLayout
    ) -> PriceChartLayout {
        if let found = kept.last(where: { $0.inputs == inputs }) { return found.layout }
        let layout = making()
        if kept.count >= depth { kept.removeFirst(kept.count - depth + 1) }
        kept.append(DashboardScreen.PriceChartCache(inputs: inputs, layout: layout))
        return layout
    }

    /// How many layouts are kept.
    var count: Int { kept.count }
}
