import Foundation
import MarketFeatures
import NIOCore

/// One browser tab's side of `sise serve`: it starts by following a shared view
/// (``SharedBoardView``, one for every tab that shows as many rows and has not acted), moves to
/// the shared view of its row count when the page says how many fit, and gets a root view model
/// of its own at its first input of any other kind, from then on framed for it alone. Either way
/// its messages go to its ``TabOutlet``.
@MainActor
final class TabSession {
    private enum Mode {
        case idle
        case following(SharedBoardView, id: Int)
        case own(DashboardScreen.Root, ScreenMessages, Task<Void, Never>)
    }

    private var mode = Mode.idle
    /// The rows the tab shows, as it last said.
    private var rows: Int
    private let outlet: TabOutlet
    private let shared: SharedBoardViews
    private let makeRoot: @MainActor () -> DashboardScreen.Root

    init(
        rows: Int, outlet: TabOutlet, shared: SharedBoardViews,
        makeRoot: @escaping @MainActor () -> DashboardScreen.Root
    ) {
        self.rows = rows
        self.outlet = outlet
        self.shared = shared
        self.makeRoot = makeRoot
    }

    /// Whether the tab has a view model of its own.
    var isOwn: Bool {
        if case .own = mode { true } else { false }
    }

    /// Starts the tab on the shared view of its rows (or its own view model past the shared limit).
    func start() async {
        if !follow(rows: rows) { await own(replaying: []) }
    }

    /// Takes one of the tab's inputs.
    func handle(_ input: DashboardScreen.Root.Input) async {
        switch mode {
        case .idle:
            return
        case .following(let view, _):
            if case .board(.viewportResized(let rows)) = input {
                self.rows = rows
                if rows == view.rows || follow(rows: rows) { return }
                await own(replaying: [])
            } else {
                await own(replaying: [input])
            }
        case .own(let root, _, _):
            root.send(input)
        }
    }

    /// Sends the tab a snapshot, after it fell behind or asked for one, in order with its other
    /// messages (they are sent from here too).
    func sendSnapshot() {
        let framed: ByteBuffer? =
            switch mode {
            case .idle: nil
            case .following(let view, _): view.framedSnapshot()
            case .own(_, let messages, _): messages.framedSnapshot()
            }
        if let framed { outlet.catchUp(framed: framed) } else { outlet.resume() }
    }

    /// Leaves whatever the tab follows or runs.
    func end() {
        leave()
        mode = .idle
    }

    private func follow(rows: Int) -> Bool {
        guard let view = shared.view(rows: rows) else { return false }
        leave()
        mode = .following(view, id: view.follow(outlet))
        return true
    }

    /// A root view model of the tab's own: it starts where the shared view stood (the board as it
    /// is, the tab's rows), then takes `inputs`; its messages go on from the shared view's (a
    /// patch numbered after the last the tab got), or start with a snapshot.
    private func own(replaying inputs: [DashboardScreen.Root.Input]) async {
        let messages: ScreenMessages
        if case .following(let view, _) = mode {
            messages = view.continuedMessages()
        } else {
            messages = ScreenMessages(memo: shared.patchMemo)
        }
        leave()
        let root = makeRoot()
        // The board is taken first, so that an input naming a market finds it.
        await root.board.prepare()
        root.send(.board(.viewportResized(rows: rows)))
        for input in inputs { root.send(input) }
        let outlet = outlet
        let beat = shared.beat
        let task = Task { @MainActor in
            await messages.follow(root, beat: beat) { outlet.send($0) }
        }
        mode = .own(root, messages, task)
    }

    private func leave() {
        switch mode {
        case .idle: break
        case .following(let view, let id): view.unfollow(id)
        case .own(_, _, let task): task.cancel()
        }
        mode = .idle
    }
}
