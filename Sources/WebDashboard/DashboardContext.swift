public import MarketDomain
public import MarketFeatures

/// What every browser tab of one `sise serve` shares: the live boards (one per exchange, one
/// frame per tick shared by every viewer), the store of favorites and settings, and how names
/// are shown.
public struct DashboardContext: Sendable {
    public var board: LiveBoard
    public var boards: ExchangeBoards?
    public var store: PreferenceStore
    public var isSimulated: Bool
    public var language: NameLanguage

    /// A context over `board` (and every exchange's `boards` for the Compare tab).
    public init(
        board: LiveBoard, boards: ExchangeBoards?, store: PreferenceStore, isSimulated: Bool,
        language: NameLanguage = .korean
    ) {
        self.board = board
        self.boards = boards
        self.store = store
        self.isSimulated = isSimulated
        self.language = language
    }
}
