public import MarketFeatures

/// What every browser tab of one `sise serve` shares: the parts each tab's root view model is
/// made of (the live boards, one frame per tick shared by every viewer, the loaders, the store,
/// the depth feed and the Watchlist's source), and the example apps' services.
public struct DashboardContext: Sendable {
    /// What each tab's root is assembled from, as the terminal app's is.
    public var root: RootParts
    /// The example apps' services for their pages; `nil` leaves the pages saying they are off.
    public var examples: ExampleClients?

    /// A context whose tabs' roots are made of `root`.
    public init(root: RootParts, examples: ExampleClients? = nil) {
        self.root = root
        self.examples = examples
    }
}
