public import MarketDomain

/// The exchanges' boards (``ExchangeBoards``), each loaded and following every market the first
/// time the alert monitor asks for it: a process watches only the exchanges its rules name. A
/// board something else already follows (the Compare tab's, the main board) is shared as it is.
public actor BoardsOnDemand {
    private let all: ExchangeBoards
    private let onFailure: @Sendable (Exchange, any Error) -> Void

    /// Boards over `boards`; `onFailure` hears of a board that could not be loaded.
    public init(boards: ExchangeBoards, onFailure: @escaping @Sendable (Exchange, any Error) -> Void) {
        all = boards
        self.onFailure = onFailure
    }

    /// The exchange's board, loaded and followed when first asked for; nil when it cannot be
    /// loaded (the next change of the rules asks again).
    public func board(_ exchange: Exchange) async -> LiveBoard? {
        guard let board = all.boards[exchange] else { return nil }
        if await board.isFollowing { return board }
        do {
            try await board.load()
        } catch {
            onFailure(exchange, error)
            return nil
        }
        await board.follow()
        return board
    }
}
