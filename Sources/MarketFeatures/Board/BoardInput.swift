public import MarketDomain

/// What a person did on the board, named for what happened (the terminal's key map or a browser
/// sends these). In JSON every value is named: `{"searchTextChanged":{"text":"ㅂㅌ"}}`,
/// `{"selectionMoved":{"by":1}}`, `{"favoriteToggled":{}}`.
public enum BoardInput: Sendable, Equatable, Codable {
    case tabChosen(BoardTab)
    case nextTabChosen
    case previousTabChosen
    /// `/`: typing now goes into the search.
    case searchFocused
    case searchTextChanged(String)
    /// `Esc` in or after a search: the text is cleared.
    case searchCleared
    /// `Enter` in the search: keep the text, go back to the rows.
    case searchSubmitted
    case sortKeyChosen(SortKey)
    case selectionMoved(by: Int)
    case selectionMovedToFirst
    case selectionMovedToLast
    /// A pointer chose this market's row (a click or a tap): it becomes the selection.
    case marketChosen(MarketID)
    /// PgUp/PgDn: a screenful up (-1) or down (+1).
    case pageMoved(by: Int)
    case favoriteToggled
    case clearFavoritesRequested
    case confirmationAnswered(Bool)
    case detailOpened
    case detailClosed
    case helpToggled
    /// `w`: hide the markets under an exchange's 유의 or 주의, or show them again.
    case warnedMarketsToggled
    /// `m`: show the movers view (the top risers and fallers of a window) instead of the rows,
    /// or the rows again.
    case moversToggled
    /// `p` on the Compare tab: measure the premium against the other basis (tether or the bank
    /// rate), for its column and its sort.
    case premiumBasisToggled
    /// How many table rows fit on screen now.
    case viewportResized(rows: Int)
    /// The Market tab shows this market group (`KRW`, `BTC`, `USDT`: the markets quoted in it).
    case quoteGroupChosen(String)
    /// `]` or Shift-→: the next market group; `[` or Shift-←: the one before.
    case nextQuoteGroupChosen
    case previousQuoteGroupChosen

    // The JSON names of the unlabeled values.
    enum TabChosenCodingKeys: String, CodingKey { case _0 = "tab" }
    enum SearchTextChangedCodingKeys: String, CodingKey { case _0 = "text" }
    enum SortKeyChosenCodingKeys: String, CodingKey { case _0 = "key" }
    enum ConfirmationAnsweredCodingKeys: String, CodingKey { case _0 = "yes" }
    enum MarketChosenCodingKeys: String, CodingKey { case _0 = "market" }
    enum QuoteGroupChosenCodingKeys: String, CodingKey { case _0 = "quote" }
}
