import Foundation
import MarketFeatures
import NIOCore
import WebSocketFrames

/// One root view model shared by every browser tab that has only looked so far (no search, no
/// sort, no selection of its own) and shows the same number of rows: its screen framed once,
/// each message encoded and framed once and written to every such tab by its connection's event
/// loop, one hop a loop for all of its tabs (no task a tab). A tab that acts gets a root view
/// model of its own (``TabSession``); any number of watching tabs cost one view model.
@MainActor
final class SharedBoardView {
    /// The rows its tabs show.
    let rows: Int
    private let root: DashboardScreen.Root
    private let messages: ScreenMessages
    private var followers: [Int: TabOutlet] = [:]
    private var nextFollower = 0
    /// The followers by event loop, made again after a tab comes or goes.
    private var byLoop: [SharedFrameWriters]?
    /// The beat the root's board frames on, and its messages go out on.
    private let beat: FrameBeat?

    init(rows: Int, root: DashboardScreen.Root, beat: FrameBeat?, memo: ScreenPatchMemo? = nil) {
        self.rows = rows
        self.root = root
        self.beat = beat
        messages = ScreenMessages(memo: memo)
    }

    /// Frames and hands out messages until cancelled.
    func run() async {
        let root = root
        // The board is taken before the first frame, which then shows its rows.
        await root.board.prepare()
        root.send(.board(.viewportResized(rows: rows)))
        await messages.follow(root, beat: beat) { message in deliver(message) }
    }

    /// Frames the message once and has each event loop write it to its tabs.
    private func deliver(_ message: ByteBuffer) {
        let frame = WebSocketFrameBatch.text(message)
        for writers in followersByLoop() {
            writers.loop.execute { writers.write(frame) }
        }
    }

    private func followersByLoop() -> [SharedFrameWriters] {
        if let byLoop { return byLoop }
        var groups: [ObjectIdentifier: SharedFrameWriters] = [:]
        for outlet in followers.values {
            groups[ObjectIdentifier(outlet.eventLoop), default: SharedFrameWriters(loop: outlet.eventLoop)].append(
                outlet)
        }
        let made = Array(groups.values)
        byLoop = made
        return made
    }

    /// Adds a tab: it gets a snapshot now (when there is a screen yet), then every patch.
    func follow(_ outlet: TabOutlet) -> Int {
        nextFollower += 1
        followers[nextFollower] = outlet
        byLoop = nil
        if let snapshot = messages.framedSnapshot() { outlet.catchUp(framed: snapshot) }
        return nextFollower
    }

    func unfollow(_ id: Int) {
        followers.removeValue(forKey: id)
        byLoop = nil
    }

    /// A snapshot for a tab that fell behind or asked for one, framed (the same bytes for every
    /// tab until the next message).
    func framedSnapshot() -> ByteBuffer? {
        messages.framedSnapshot()
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
    /// The frame timer the server's roots share (``RootParts/beat``): the shared views' and the
    /// tabs' own messages go out on it.
    let beat: FrameBeat?
    /// The patches the server's tabs (shared views and tabs of their own) have in common.
    let patchMemo = ScreenPatchMemo()

    /// Distinct row counts shared at once.
    static let limit = 16

    init(beat: FrameBeat? = nil, makeRoot: @escaping @MainActor () -> DashboardScreen.Root) {
        self.beat = beat
        self.makeRoot = makeRoot
    }

    /// The shared view of `rows` rows, made and started when needed; `nil` past the limit.
    func view(rows: Int) -> SharedBoardView? {
        if let view = views[rows] { return view }
        guard views.count < Self.limit else { return nil }
        let view = SharedBoardView(rows: rows, root: makeRoot(), beat: beat, memo: patchMemo)
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
