import Foundation
import MarketDomain
import MarketFeatures
import TestSupport
import Testing

@testable import WebDashboard

/// Tabs share the board patches they have in common, and a shared patch is the one each would
/// have made alone.
@Suite struct BoardPatchMemoTests {
    @Test func aChangeIsMadeOnceForEqualValuesAndAnewForOthers() {
        let memo = ChangeMemo<String, Int>(depth: 2, keys: 2)
        var made = 0
        func change(_ key: String, _ old: Int?, _ new: Int) -> JSONValue? {
            memo.change(at: key, from: old, to: new) {
                made += 1
                return .integer(Int64(new))
            }
        }
        #expect(change("a", 1, 2) == .integer(2))
        #expect(change("a", 1, 2) == .integer(2))
        #expect(made == 1)
        // Another old value (or none), another new one, another key: each made anew.
        #expect(change("a", nil, 2) == .integer(2))
        #expect(change("a", 2, 3) == .integer(3))
        #expect(made == 3)
        // A key keeps its latest two pairs: the first is gone.
        #expect(memo.count == 2)
        _ = change("a", 1, 2)
        #expect(made == 4)
        _ = change("b", 1, 2)
        #expect(made == 5)
        #expect(memo.count == 3)
        // A third key is past the limit: every pair is let go, the new one kept.
        _ = change("c", 1, 2)
        #expect(memo.count == 1)
        _ = change("a", 2, 3)
        #expect(made == 7)
    }

    private func row(_ code: String, price: Int, flash: ChangeDirection?) -> BoardRow {
        BoardRow(
            id: MarketID(code)!, name: code, symbol: String(code.dropFirst(4)), price: String(price),
            changeRate: "+1.00%", changePrice: "+1", tradeValue: "1백만", direction: .rise, flash: flash,
            isFavorite: false, isSelected: false)
    }

    /// Five tabs walk among a few outputs each beat, as tabs on one board do, all through one
    /// memo: every patch is the one made without it, applies to give the next output, and the
    /// rows they have in common are made once.
    @Test func sharedPatchesAreTheOnesEachTabWouldMakeAlone() {
        var generator = SplitMix(state: 31)
        let codes = ["KRW-BTC", "KRW-ETH", "KRW-XRP", "KRW-SOL"]
        func output(beat: Int, variant: Int) -> BoardOutput {
            var output = BoardOutput()
            output.rows = codes.enumerated().map { index, code in
                row(code, price: beat / (index + 1) + 100, flash: (beat + index).isMultiple(of: 3) ? .rise : nil)
            }
            if variant == 1 { output.rows.reverse() }
            output.searchText = variant == 2 ? "b" : ""
            output.detailMarket = variant == 3 ? MarketID("KRW-ETH") : nil
            output.status.ticksPerSecond = beat % 4
            return output
        }
        let memo = BoardPatchMemo()
        var previous = (0..<5).map { _ in output(beat: 0, variant: 0) }
        var rowChanges = 0
        for beat in 1...60 {
            for tab in previous.indices {
                let next = output(beat: beat, variant: Int.random(in: 0...3, using: &generator))
                let shared = BoardPatch(from: previous[tab], to: next, memo: memo)
                let alone = BoardPatch(from: previous[tab], to: next)
                #expect(shared == alone)
                #expect(shared.applied(to: previous[tab]) == next)
                rowChanges += alone.rows?.count ?? 0
                previous[tab] = next
            }
        }
        #expect(rowChanges > 500)
        // Two pairs a row at most, however many tabs.
        #expect(memo.rows.count <= codes.count * 2)
    }
}
