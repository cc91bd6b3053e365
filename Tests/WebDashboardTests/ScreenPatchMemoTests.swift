import Foundation
import MarketDomain
import MarketFeatures
import TestSupport
import Testing

@testable import WebDashboard

/// Tabs share the screen patches they have in common, and a shared patch is the one each would
/// have made alone.
@Suite struct ScreenPatchMemoTests {
    @Test func aChangeIsMadeOnceForEqualValuesAndAnewForOthers() {
        let memo = ChangeMemo<String, Int, JSONValue?>(depth: 2, keys: 2)
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
        let memo = ScreenPatchMemo()
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
        // Two pairs a row at most, however many tabs; the lists and fields keep their depth.
        #expect(memo.rows.count <= codes.count * 2)
        #expect(memo.rowLists.count <= 16 && memo.fields.count <= 16 && memo.fields.count > 0)
    }

    @Test func aValueIsEncodedOnceWhileAnEqualOneIsKept() {
        let memo = EncodedValueMemo(depth: 2)
        var made = 0
        func json(_ value: some Encodable) -> JSONValue {
            memo.json(of: value) {
                made += 1
                return JSONValue.of(value)
            }
        }
        #expect(json([1, 2]) == JSONValue.of([1, 2]))
        #expect(json([1, 2]) == JSONValue.of([1, 2]))
        #expect(made == 1)
        // Another value, or an equal one of another type, is encoded anew.
        #expect(json([1, 3]) == JSONValue.of([1, 3]))
        #expect(json(["1", "2"]) == JSONValue.of(["1", "2"]))
        #expect(made == 3)
        // A type keeps its latest two: the first is gone.
        _ = json([1, 4])
        _ = json([1, 2])
        #expect(made == 5)
        #expect(memo.count == 3)
    }

    /// Six tabs on two coins' details, each with a book that moves on its own beat and flashes
    /// of its own, all through one memo: every detail patch is the one made without it and
    /// applies to give the next screen, and the memo keeps no more than its depth of each type.
    @Test func detailPatchesThroughTheMemoAreTheOnesEachTabWouldMakeAlone() {
        var generator = SplitMix(state: 7)
        let coins = [MarketID("KRW-BTC")!, MarketID("KRW-ETH")!]
        func screen(tab: Int, beat: Int) -> DashboardScreen {
            var detail = DetailOutput(market: coins[tab % 2])
            var depth = DepthOutput()
            // Tabs on one coin see its book a beat apart at times, and flash on their own.
            let seen = beat - Int.random(in: 0...1, using: &generator)
            depth.asks = (0..<5).map { (level: Int) -> DepthOutput.Level in
                let price: Int = 1_000 + level + tab % 2
                let size: Int = seen / (level + 1)
                return DepthOutput.Level(
                    price: String(price), size: String(size), share: Double(level) / 5, flash: nil, total: String(seen))
            }
            depth.bids = depth.asks.reversed()
            depth.strength = Bool.random(using: &generator) ? "101.0%" : "99.0%"
            if Bool.random(using: &generator) { depth.asks[0].flash = .rise }
            detail.depth = depth
            detail.price = String(seen)
            var screen = DashboardScreen()
            screen.detail = DashboardScreen.DetailView(figures: detail)
            return screen
        }
        let memo = ScreenPatchMemo()
        var previous = (0..<6).map { screen(tab: $0, beat: 0) }
        var encoded = 0
        for beat in 1...40 {
            for tab in previous.indices {
                let next = screen(tab: tab, beat: beat)
                let shared = DashboardScreenPatch(from: previous[tab], to: next, memo: memo)
                let alone = DashboardScreenPatch(from: previous[tab], to: next)
                #expect(shared == alone)
                #expect(shared.applied(to: previous[tab]) == next)
                if alone.parts["detail"]?.members["figures"]?.members["depth"]?.members["bids"] != nil { encoded += 1 }
                previous[tab] = next
            }
        }
        #expect(encoded > 100)
        // Each type keeps at most its latest 32 values, however many tabs.
        #expect(memo.values.count <= 32 * 4)
    }
}
