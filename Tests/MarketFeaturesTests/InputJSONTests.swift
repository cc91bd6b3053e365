import Clocks
import Foundation
import MarketDomain
import Testing

@testable import MarketFeatures

/// The inputs as a browser sends them: each a one-member object named for what happened, every
/// value named too (no `_0`), pinned here byte for byte with sorted keys.
@Suite struct InputJSONTests {
    private func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func theBoardsInputsAreNamedObjects() throws {
        let inputs: [BoardInput] = [
            .tabChosen(.compare), .nextTabChosen, .searchTextChanged("ㅂㅌ"), .sortKeyChosen(.value),
            .selectionMoved(by: -1), .pageMoved(by: 1), .confirmationAnswered(true), .viewportResized(rows: 38),
            .favoriteToggled, .marketChosen(MarketID("KRW-BTC")!),
        ]
        #expect(
            try json(inputs)
                == #"[{"tabChosen":{"tab":"compare"}},{"nextTabChosen":{}},{"searchTextChanged":{"text":"ㅂㅌ"}},"#
                + #"{"sortKeyChosen":{"key":"value"}},{"selectionMoved":{"by":-1}},{"pageMoved":{"by":1}},"#
                + #"{"confirmationAnswered":{"yes":true}},{"viewportResized":{"rows":38}},{"favoriteToggled":{}},"#
                + #"{"marketChosen":{"market":"KRW-BTC"}}]"#)
        let back = try JSONDecoder().decode([BoardInput].self, from: Data(try json(inputs).utf8))
        #expect(back == inputs)
    }

    @Test func theWatchlistsAndTheSearchsInputsNameTheirValues() throws {
        typealias Watchlist = WatchlistViewModel
        #expect(
            try json([Watchlist.Input.searchTextChanged("sams"), .confirmationAnswered(false)])
                == #"[{"searchTextChanged":{"text":"sams"}},{"confirmationAnswered":{"yes":false}}]"#)
        #expect(try json(StockSearchViewModel.Input.textChanged("sams")) == #"{"textChanged":{"text":"sams"}}"#)
        #expect(try json(Watchlist.RowState.failed("timed out")) == #"{"failed":{"reason":"timed out"}}"#)
    }
}
