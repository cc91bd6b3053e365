import Logging
import MarketDomain
import MarketFeatures
import NIOCore

/// One browser tab on `/ws`: a ``TabSession`` (a shared view while the tab only watches, a root
/// view model of its own once it acts) driven by the tab's requests, its messages — a snapshot,
/// then numbered patches, at most ``patchInterval`` apart and only when something changed —
/// written through its ``TabOutlet`` by its connection's event loop.
///
/// A tab has no task of its own: its socket (``TabSocketHandler``) reads its requests on its
/// connection's event loop, and they reach its session on the main actor in the order they came
/// (``TabInbox``), by a task that lives only while some wait.
struct DashboardViewer: Sendable {
    let context: DashboardContext
    let shared: SharedBoardViews
    let logger: Logger
    /// The tabs open, to be closed when the server stops.
    let tabs: OpenTabs

    /// The shortest time between two messages with board changes (ten a second at most).
    static let patchInterval = Duration.milliseconds(100)
    /// The rows a tab is shown before its page says how many fit.
    static let initialRows = 30
    /// The longest message read from a tab: past ``DashboardRequest/maximumSize`` it is refused
    /// with a message, past this the connection is closed (1009).
    static let maxMessageSize = 1 << 20

    /// Puts a tab on its upgraded connection `channel`, on the connection's event loop.
    func open(_ channel: any Channel) throws {
        let outlet = try TabOutlet.install(on: channel)
        let tab = Tab(viewer: self, outlet: outlet)
        let inbox = TabInbox { [tab] item in await tab.handle(item) }
        let socket = TabSocketHandler(
            maxMessageSize: Self.maxMessageSize,
            receive: { message in
                switch DashboardRequest.read(message.readableBytesView) {
                case .success(let request): inbox.post(.request(request))
                case .failure(let refusal):
                    if let text = ScreenMessages.text(.error(refusal.reason)) { outlet.sendAside(text) }
                }
            },
            closed: { [tabs] in
                tabs.remove(channel)
                inbox.post(.closed)
            })
        tabs.add(channel, closing: NIOLoopBound(socket, eventLoop: channel.eventLoop))
        try channel.pipeline.syncOperations.addHandler(socket)
        inbox.post(.opened)
    }

    /// A tab's root view model (a browser tab starts from the default tab and sort).
    @MainActor
    static func makeRoot(context: DashboardContext, logger: Logger) -> DashboardScreen.Root {
        .make(context.root, resumesStoredView: false, logger: logger)
    }

    /// A tab's side on the main actor: its session, from the hello to the close.
    @MainActor
    private final class Tab {
        private let viewer: DashboardViewer
        private let outlet: TabOutlet
        private var session: TabSession?

        nonisolated init(viewer: DashboardViewer, outlet: TabOutlet) {
            self.viewer = viewer
            self.outlet = outlet
        }

        func handle(_ item: TabInbox.Item) async {
            switch item {
            case .opened:
                let hello = DashboardMessage.hello(
                    protocolVersion: DashboardMessage.protocolVersion,
                    exchange: viewer.context.root.board.exchange.displayName)
                if let text = ScreenMessages.text(hello) { outlet.sendAside(text) }
                let session = TabSession(rows: DashboardViewer.initialRows, outlet: outlet, shared: viewer.shared) {
                    [viewer] in DashboardViewer.makeRoot(context: viewer.context, logger: viewer.logger)
                }
                self.session = session
                // A tab fallen behind is brought up to date once its connection drains (held
                // weakly: the session holds the outlet).
                outlet.whenBehind { [weak session] in Task { @MainActor in session?.sendSnapshot() } }
                await session.start()
            case .request(.input(let input)):
                await session?.handle(input)
            case .request(.resync):
                session?.sendSnapshot()
            case .closed:
                session?.end()
                session = nil
            }
        }
    }
}
