import Foundation
import MarketDomain
import MarketFeatures
import Testing

@testable import WebDashboard

/// A patch carries only what changed, and applying it gives the new output exactly.
@Suite struct BoardPatchTests {
    private func row(_ code: String, price: String, flash: ChangeDirection? = nil, selected: Bool = false) -> BoardRow {
        BoardRow(
            id: MarketID(code)!, name: code, symbol: String(code.dropFirst(4)), price: price, changeRate: "+1.00%",
            changePrice: "+1", tradeValue: "1백만", direction: .rise, flash: flash, isFavorite: false,
            isSelected: selected)
    }

    @Test func anUnchangedOutputIsAnEmptyPatch() {
        var output = BoardOutput()
        output.rows = [row("KRW-BTC", price: "1")]
        #expect(BoardPatch(from: output, to: output).isEmpty)
    }

    @Test func onlyTheChangedRowsAndFieldsTravelAndTheIDsOnlyWhenTheyMoved() {
        var old = BoardOutput()
        old.rows = [
            row("KRW-BTC", price: "100", selected: true), row("KRW-ETH", price: "50"), row("KRW-XRP", price: "1"),
        ]
        old.toast = "★ Added 비트코인 (BTC)"
        var new = old
        new.rows[1] = row("KRW-ETH", price: "51", flash: .rise)
        new.toast = nil
        let patch = BoardPatch(from: old, to: new)
        // The changed row is its id and the cells that changed, not the whole row again.
        #expect(patch.rows == [.object(["id": .string("KRW-ETH"), "price": .string("51"), "flash": .string("rise")])])
        #expect(patch.rowIDs == nil)
        #expect(patch.cleared == ["toast"])
        #expect(patch.fields.isEmpty)
        #expect(patch.applied(to: old) == new)

        var reordered = new
        reordered.rows = [new.rows[2], new.rows[0], new.rows[1]]
        let moved = BoardPatch(from: new, to: reordered)
        #expect(moved.rowIDs == ["KRW-XRP", "KRW-BTC", "KRW-ETH"].map { MarketID($0)! })
        #expect(moved.rows == nil)
        #expect(moved.applied(to: new) == reordered)
    }

    /// A row new in view travels whole; a flash that ends is its cell named `null`.
    @Test func aRowNewInViewTravelsWholeAndACellGoneIsNull() throws {
        var old = BoardOutput()
        old.rows = [row("KRW-BTC", price: "100", flash: .rise)]
        var new = old
        new.rows = [row("KRW-BTC", price: "100"), row("KRW-SOL", price: "7")]
        let patch = BoardPatch(from: old, to: new)
        #expect(patch.rows == [.object(["id": .string("KRW-BTC"), "flash": .null]), JSONValue.of(new.rows[1])])
        #expect(patch.applied(to: old) == new)
        let text = String(decoding: try JSONEncoder.sorted.encode(patch), as: UTF8.self)
        #expect(text.hasPrefix(#"{"rowIDs":["KRW-BTC","KRW-SOL"],"rows":[{"flash":null,"id":"KRW-BTC"},{"badges":[]"#))
    }

    /// A field no patch code names (the market group) travels as it changed, by its key.
    @Test func anyFieldOfTheOutputTravelsByItsKey() throws {
        var old = BoardOutput()
        old.quoteGroups = ["KRW", "BTC", "USDT"]
        var new = old
        new.quoteGroup = "BTC"
        let patch = BoardPatch(from: old, to: new)
        #expect(patch.fields == ["quoteGroup": .string("BTC")])
        let text = String(decoding: try JSONEncoder().encode(patch), as: UTF8.self)
        #expect(text == #"{"quoteGroup":"BTC"}"#)
        #expect(patch.applied(to: old) == new)
    }

    /// An object field (the status bar) travels key by key down to what changed: a frame whose
    /// tick rate and time moved does not carry the four feeds' words again.
    @Test func anObjectFieldTravelsAsAMergePatchOfWhatChanged() throws {
        var old = BoardOutput()
        old.status.exchange = "Upbit"
        old.status.connection = .live
        old.status.feeds = Exchange.allCases.map { FeedStatus(exchange: $0.displayName, connection: .connecting) }
        old.status.ticksPerSecond = 12
        old.status.lastUpdate = "10:59:33"
        var new = old
        new.status.ticksPerSecond = 39
        new.status.lastUpdate = "10:59:34"
        let patch = BoardPatch(from: old, to: new)
        let text = String(decoding: try JSONEncoder.sorted.encode(patch), as: UTF8.self)
        #expect(text == #"{"status":{"lastUpdate":"10:59:34","ticksPerSecond":39}}"#)
        #expect(patch.applied(to: old) == new)
        // A case of an enum changes as the merge patch says: the old case named null.
        var reconnecting = new
        reconnecting.status.connection = .reconnecting(attempt: 2, delay: .seconds(2))
        reconnecting.status.notice = "Upbit: reconnecting in 2s…"
        let change = BoardPatch(from: new, to: reconnecting)
        #expect(change.applied(to: new) == reconnecting)
        #expect(BoardPatch(from: reconnecting, to: new).applied(to: reconnecting) == new)
    }

    /// Random walks of outputs: every patch applied to the output before it gives the next.
    @Test func applyingThePatchOfAnyTwoOutputsGivesTheSecond() {
        var generator = SystemRandomNumberGenerator()
        let codes = ["KRW-BTC", "KRW-ETH", "KRW-XRP", "KRW-SOL", "KRW-DOGE", "KRW-ADA"]
        func randomOutput() -> BoardOutput {
            var output = BoardOutput()
            output.tab = BoardTab.allCases.randomElement(using: &generator)!
            output.searchText = ["", "ㅂㅌ", "btc"].randomElement(using: &generator)!
            output.rows = codes.shuffled(using: &generator).prefix(Int.random(in: 0...codes.count, using: &generator))
                .map {
                    row(
                        $0, price: String(Int.random(in: 1...3, using: &generator)),
                        flash: [nil, .rise, .fall].randomElement(using: &generator)!,
                        selected: Bool.random(using: &generator))
                }
            output.compareRows = []
            output.rowCount = output.rows.count
            output.selectedRowIndex = Bool.random(using: &generator) ? nil : 0
            output.placeholder = Bool.random(using: &generator) ? nil : "No market matches"
            output.toast = Bool.random(using: &generator) ? nil : "toast"
            output.confirmation = Bool.random(using: &generator) ? nil : "Clear?"
            output.detailMarket = Bool.random(using: &generator) ? nil : MarketID("KRW-BTC")
            output.status.ticksPerSecond = Int.random(in: 0...3, using: &generator)
            output.status.connection =
                [.live, .connecting, .reconnecting(attempt: 2, delay: .milliseconds(1_234))]
                .randomElement(using: &generator)!
            output.isSearchFocused = Bool.random(using: &generator)
            output.isHelpVisible = Bool.random(using: &generator)
            output.order = QuoteOrder(key: SortKey.allCases.randomElement(using: &generator)!)
            output.firstRowIndex = Int.random(in: 0...3, using: &generator)
            // The market groups too: a field the patch code never names.
            output.quoteGroups = [["KRW"], ["KRW", "BTC", "USDT"]].randomElement(using: &generator)!
            output.quoteGroup = output.quoteGroups.randomElement(using: &generator)!
            return output
        }
        var previous = randomOutput()
        for _ in 0..<500 {
            let next = randomOutput()
            let patch = BoardPatch(from: previous, to: next)
            #expect(patch.applied(to: previous) == next)
            // Its JSON made directly (as a tab's message is) is what its `Codable` form gives.
            #expect(patch.json == JSONValue.of(patch))
            let message = DashboardMessage.patch(sequence: 3, changes: DashboardScreenPatch(board: patch))
            #expect(message.json == JSONValue.of(message))
            // And through JSON, as the page gets it.
            let decoded = try? JSONDecoder().decode(BoardPatch.self, from: JSONEncoder().encode(patch))
            #expect(decoded?.applied(to: previous) == next)
            previous = next
        }
    }
}

extension DashboardScreenPatch {
    /// A patch of the board alone.
    fileprivate init(board: BoardPatch) {
        self.init()
        self.board = board.isEmpty ? nil : board
    }
}

extension JSONEncoder {
    /// An encoder with sorted keys, for comparing JSON text.
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
