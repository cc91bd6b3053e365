/// What a person does on the Watchlist tab (SPEC §1.7).
public enum WatchlistInput: Sendable, Equatable, Codable {
    case appeared
    case disappeared
    case refreshRequested
    case selectionMoved(by: Int)
    case selectedMoved(by: Int)
    case removeRequested
    case confirmationAnswered(Bool)
    case addRequested
    case searchTextChanged(String)
    case searchSelectionMoved(by: Int)
    case searchChosen
    case searchCancelled
    /// `Enter`: the selected stock's daily chart.
    case detailOpened
    case detailClosed

    // The JSON names of the unlabeled values: `{"searchTextChanged":{"text":"sams"}}`.
    enum ConfirmationAnsweredCodingKeys: String, CodingKey { case _0 = "yes" }
    enum SearchTextChangedCodingKeys: String, CodingKey { case _0 = "text" }
}
