import Foundation
import NIOWebSocket
import TestSupport
import Testing
import WSClient

/// A browser tab that sends every integer input at its extremes cannot end or stall `sise serve`
/// (issue 63, item 3): each went through arithmetic that trapped (SIGILL, every tab lost) or, for
/// the zoom, looped as many times as the tab asked on the main actor.
@Suite(.timeLimit(.minutes(5)), .serialized) struct ServeExtremeInputsTests {
    /// Each input that carries an integer, as JSON with `N` where the number goes, with what has
    /// to show first for it to be read (the detail, the premium chart, the Alerts tab).
    private static let inputs: [(setUp: [String], template: String)] = [
        ([], #"{"board":{"selectionMoved":{"by":N}}}"#),
        ([], #"{"board":{"pageMoved":{"by":N}}}"#),
        ([], #"{"board":{"viewportResized":{"rows":N}}}"#),
        ([#"{"board":{"detailOpened":{}}}"#], #"{"detail":{"chartZoomed":{"by":N}}}"#),
        ([], #"{"detail":{"chartPanned":{"by":N}}}"#),
        ([], #"{"detail":{"bookGroupingStepped":{"by":N}}}"#),
        ([#"{"detail":{"chartChosen":{"chart":"premium"}}}"#], #"{"detail":{"fillAmountStepped":{"by":N}}}"#),
        (
            [#"{"board":{"detailClosed":{}}}"#, #"{"board":{"tabChosen":{"tab":"alerts"}}}"#],
            #"{"alerts":{"selectionMoved":{"by":N}}}"#
        ),
        ([#"{"board":{"tabChosen":{"tab":"watchlist"}}}"#], #"{"watchlist":{"selectionMoved":{"by":N}}}"#),
        ([], #"{"watchlist":{"selectedMoved":{"by":N}}}"#),
        ([], #"{"watchlist":{"searchSelectionMoved":{"by":N}}}"#),
    ]

    /// Int.min, −1, 0, 1 and Int.max, and the campaign's own sequences (a small step then the
    /// largest, a zoom of 10^12, pages of 10^18 after the most rows).
    private static let values = [
        "-9223372036854775808", "-1", "0", "1", "9223372036854775807", "2", "1000000000000",
        "1000000000000000000", "9223372036854775807", "2",
    ]

    @Test func everyIntegerInputAtItsExtremesLeavesTheServerServingNewTabs() async throws {
        let (server, port) = try await ServeSafetyTests().startServe()
        defer { server.process.terminate() }
        let marker = "zzextremes"
        try await withDeadline(seconds: 90, "a tab to send every input and see its last one") {
            try await WebSocketClient.connect(url: "ws://127.0.0.1:\(port)/ws", logger: ServeSafetyTests.quietLogger) {
                inbound, outbound, _ in
                // Phase 0: the board's inputs, then the detail opened and zoomed to both ends (its
                // window shows 20 candles at the end: the detail did take them); phase 1: the rest.
                let (board, detail) = (Self.inputs.prefix(3), Self.inputs.dropFirst(3))
                var phase = 0
                func send(_ inputs: ArraySlice<(setUp: [String], template: String)>) async throws {
                    for (setUp, template) in inputs {
                        for input in setUp { try await outbound.write(.text(#"{"input":"# + input + "}")) }
                        for value in Self.values {
                            let input = template.replacingOccurrences(of: "N", with: value)
                            try await outbound.write(.text(#"{"input":"# + input + "}"))
                        }
                    }
                }
                for try await message in inbound.messages(maxSize: 1 << 22) {
                    guard case .text(let text) = message else { continue }
                    switch phase {
                    case 0:
                        phase = 1
                        try await send(board)
                        try await send(detail.prefix(1))
                    case 1 where text.contains(#""count":20"#):
                        phase = 2
                        try await send(detail.dropFirst())
                        try await outbound.write(.text(#"{"input":{"board":{"tabChosen":{"tab":"market"}}}}"#))
                        try await outbound.write(
                            .text(#"{"input":{"board":{"searchTextChanged":{"text":"\#(marker)"}}}}"#))
                    case 2 where text.contains(marker):
                        try await outbound.close(.normalClosure, reason: nil)
                        return
                    default:
                        break
                    }
                }
            }
        }
        #expect(server.process.isRunning)
        // The example page's selection too (`/ws/repo-search`).
        try await withDeadline(seconds: 60, "the repository search page to take the extremes") {
            try await WebSocketClient.connect(
                url: "ws://127.0.0.1:\(port)/ws/repo-search", logger: ServeSafetyTests.quietLogger
            ) { inbound, outbound, _ in
                for value in Self.values {
                    try await outbound.write(.text(#"{"input":{"selectionMoved":{"by":\#(value)}}}"#))
                }
                try await outbound.write(.text(#"{"input":{"queryChanged":{"query":"\#(marker)"}}}"#))
                for try await message in inbound.messages(maxSize: 1 << 22) {
                    if case .text(let text) = message, text.contains(marker) {
                        try await outbound.close(.normalClosure, reason: nil)
                        return
                    }
                }
            }
        }
        #expect(server.process.isRunning)
        // A new tab is greeted and then served patches: the main actor is not stuck in a loop.
        try await withDeadline(seconds: 30, "a new tab's hello and a patch after the extremes") {
            try await WebSocketClient.connect(url: "ws://127.0.0.1:\(port)/ws", logger: ServeSafetyTests.quietLogger) {
                inbound, outbound, _ in
                var messages = 0
                for try await message in inbound.messages(maxSize: 1 << 22) {
                    guard case .text = message else { continue }
                    messages += 1
                    if messages >= 3 {
                        try await outbound.close(.normalClosure, reason: nil)
                        return
                    }
                }
            }
        }
        #expect(server.process.isRunning)
        #expect(!server.stderrSoFar.contains("Fatal error"), "\(server.stderrSoFar)")
    }
}
