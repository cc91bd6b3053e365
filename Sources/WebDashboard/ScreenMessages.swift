import Foundation
import MarketFeatures
import NIOCore
import WebSocketFrames

/// Turns one root view model's outputs into what a browser tab reads: the first as a numbered
/// `snapshot`, each later one as the next numbered `patch` of what changed (none when nothing
/// did), each encoded once (the bytes of a text frame, shared by every tab it goes to), with
/// sorted keys as the golden tests pin them: made as a ``JSONValue`` (``JSONValueEncoder``) and
/// written as text, with no `JSONEncoder` on the way.
@MainActor
final class ScreenMessages {
    /// The number of the last message made.
    private(set) var sequence = 0
    /// The screen as of the last message made.
    private(set) var screen: DashboardScreen?
    /// Its price chart and what it was laid out from, taken again while they do not change.
    private var charts: DashboardScreen.PriceChartCache?
    /// The last snapshot framed, with its number.
    private var framed: (sequence: Int, frame: ByteBuffer)?
    /// Where the server's tabs share the patches they have in common (`nil`: made here alone).
    private let memo: ScreenPatchMemo?

    /// Messages of their own, their patches shared through `memo` with the other tabs given it.
    init(memo: ScreenPatchMemo? = nil) {
        self.memo = memo
    }

    /// Messages that go on from where `other` stands (the same tab, moving from a shared view to
    /// its own view model): the next is a patch from its screen, numbered after its last.
    init(continuing other: ScreenMessages) {
        sequence = other.sequence
        screen = other.screen
        memo = other.memo
    }

    /// The message that brings a tab from the last screen to `output`'s: a snapshot first, then
    /// patches; `nil` when nothing changed.
    func message(for output: DashboardScreen.Root.Output) -> ByteBuffer? {
        let newest = DashboardScreen(output, charts: &charts, shared: memo?.priceCharts)
        guard let previous = screen else {
            screen = newest
            sequence += 1
            return text(.snapshot(sequence: sequence, output: newest))
        }
        let patch = DashboardScreenPatch(from: previous, to: newest, memo: memo)
        guard !patch.isEmpty else { return nil }
        screen = newest
        sequence += 1
        return text(.patch(sequence: sequence, changes: patch))
    }

    /// Runs `root` until the task is cancelled and hands each of its messages to `deliver`, at most
    /// one a ``DashboardViewer/patchInterval`` (a shared view's for its tabs, a tab's own); with a
    /// `beat` (the one its board frames on), at most one a beat, sent as the beat wakes it.
    func follow(_ root: DashboardScreen.Root, beat: FrameBeat? = nil, deliver: (ByteBuffer) -> Void) async {
        let outputs = root.outputs()
        async let running: Void = root.run()
        let clock = ContinuousClock()
        var lastSent: (instant: ContinuousClock.Instant, beat: Int)?
        // Both end when the task is cancelled. The output before the first frame is blank: the
        // first message waits for a real one.
        for await _ in outputs where root.output.board != BoardOutput() {
            if let lastSent {
                if let beat {
                    if beat.count == lastSent.beat { try? await beat.next() }
                } else {
                    try? await clock.sleep(until: lastSent.instant.advanced(by: DashboardViewer.patchInterval))
                }
            }
            guard let message = message(for: root.output) else { continue }
            lastSent = (clock.now, beat?.count ?? 0)
            deliver(message)
        }
        await running
    }

    /// A snapshot of the last screen at the current number (the next patch follows on from it);
    /// `nil` before the first.
    func snapshot() -> ByteBuffer? {
        screen.flatMap { text(.snapshot(sequence: sequence, output: $0)) }
    }

    /// The snapshot as a text frame, made once a number: every tab that joins (or catches up)
    /// between two messages gets the same bytes, encoded once.
    func framedSnapshot() -> ByteBuffer? {
        if let framed, framed.sequence == sequence { return framed.frame }
        guard let payload = snapshot() else { return nil }
        let frame = WebSocketFrameBatch.text(payload)
        framed = (sequence, frame)
        return frame
    }

    private func text(_ message: DashboardMessage) -> ByteBuffer? {
        Self.text(message)
    }

    /// A message as sent; `nil` when it cannot be encoded (a number that is not finite).
    nonisolated static func text(_ message: DashboardMessage) -> ByteBuffer? {
        message.json?.text
    }
}
