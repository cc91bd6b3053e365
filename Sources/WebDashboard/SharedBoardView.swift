import Foundation
import MarketFeatures
import NIOCore

/// One root view model shared by every browser tab that has only looked so far (no search, no
/// sort, no selection of its own) and shows the same number of rows: its screen framed once,
/// each message encoded once and handed to every such tab. A tab that acts gets a root view
/// model of its own (``TabSession``); any number of watching tabs cost one view model.
@MainActor
final class SharedBoardView {
    /// The rows its tabs show.
    let rows: Int
    private let root: DashboardScreen.Root
    private let messages = ScreenMessages()
    private var followers: [Int: TabMailbox] = [:]
    private var nextFollower = 0

    init(rows: Int, root: DashboardScreen.Root) {
        self.rows = rows
        self.root = root
    }

    /// Frames and hands out messages until cancelled.
    func run() async {
        let root = root
        // The board is taken before the first frame, which then shows its rows.
        await root.board.prepare()
        root.send(.board(.viewportResized(rows: rows)))
        await messages.follow(root) { message in
            for follower in followers.values { follower.post(message) }
        }
    }

    /// Adds a tab: it gets a snapshot now (when there is a screen yet), then every patch.
    func follow(_ mailbox: TabMailbox) -> Int {
        nextFollower += 1
        followers[nextFollower] = mailbox
        if let snapshot = messages.snapshot() { mailbox.post(snapshot) }
        return nextFollower
    }

    func unfollow(_ id: Int) {
        followers.removeValue(forKey: id)
    }

    /// A snapshot for a tab that fell behind or asked for one.
    func snapshot() -> ByteBuffer? {
        messages.snapshot()
    }

    /// Messages for a tab that leaves this view for a view model of its own: they go on from
    /// what it was sent here.
    func continuedMessages() -> ScreenMessages {
        ScreenMessages(continuing: messages)
    }

    var followerCount: Int { followers.count }
}

/// The shared views of one server, one for each number of rows tabs show, made when first asked
/// for and kept while the server runs; at most ``limit`` of them (a tab asking for another gets a
/// view model of its own).
@MainActor
final class SharedBoardViews {
    private var views: [Int: SharedBoardView] = [:]
    private var tasks: [Task<Void, Never>] = []
    private let makeRoot: @MainActor () -> DashboardScreen.Root

    /// Distinct row counts shared at once.
    static let limit = 16

    init(makeRoot: @escaping @MainActor () -> DashboardScreen.Root) {
        self.makeRoot = makeRoot
    }

    /// The shared view of `rows` rows, made and started when needed; `nil` past the limit.
    func view(rows: Int) -> SharedBoardView? {
        if let view = views[rows] { return view }
        guard views.count < Self.limit else { return nil }
        let view = SharedBoardView(rows: rows, root: makeRoot())
        views[rows] = view
        tasks.append(Task { await view.run() })
        return view
    }

    /// Stops every shared view.
    func stop() {
        for task in tasks { task.cancel() }
        tasks = []
        views = [:]
    }
}
