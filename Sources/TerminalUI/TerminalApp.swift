import MarketDomain
public import MarketFeatures
import SiseSupport

/// The terminal front end: draws the root view model's outputs (the board, the detail it opened,
/// the Watchlist tab), writes only the cells that changed, and turns keys into the view model's
/// inputs through the shared ``KeyTable`` until `q`, Ctrl-C or SIGTERM. Which screen shows and
/// what a key means are the view model's call; this only renders and reads keys.
@MainActor
public final class TerminalApp {
    private let viewModel: RootViewModel
    private let screen: BoardScreen
    private let detailScreen: DetailScreen
    private let watchlistScreen: WatchlistScreen
    private let alertsScreen: AlertsScreen
    /// How an alert raises a desktop notification (`--notify`); the bell alone when nil.
    private let notification: AlertSignal.Notification?
    /// The last alert notice rung for.
    private var rungNotice = 0
    private let writer: FrameWriter
    private var previous: ScreenBuffer?
    /// A second buffer equal to `previous` (its own cells), which the next frame of changed rows
    /// draws into: a frame copies the lines it redrew, not the whole screen.
    private var spare: ScreenBuffer?
    /// The board output `previous` shows, when it shows only the board (not detail, watchlist).
    private var previousBoard: BoardOutput?
    private var size = (width: 0, height: 0)
    private let drawClock = ContinuousClock()
    /// When the last frame was drawn, and whether a frame waits for its turn.
    private var lastDrawn: ContinuousClock.Instant?
    private var isDrawPending = false
    /// Called once after the view model's first frame is drawn (``run(afterFirstFrame:)``).
    private var afterFirstFrame: (@MainActor () -> Void)?

    /// An app over a root view model; `colors` false under `NO_COLOR`; an alert rings the bell,
    /// and raises a desktop notification through `notification` when one is given.
    public init(
        viewModel: RootViewModel, screen: BoardScreen, detailScreen: DetailScreen,
        watchlistScreen: WatchlistScreen, alertsScreen: AlertsScreen, colors: Bool,
        notification: AlertSignal.Notification? = nil
    ) {
        self.viewModel = viewModel
        self.screen = screen
        self.detailScreen = detailScreen
        self.watchlistScreen = watchlistScreen
        self.alertsScreen = alertsScreen
        self.notification = notification
        writer = FrameWriter(colors: colors)
    }

    /// Runs the app; returns when the person quits. False when stdin is not a terminal.
    /// `afterFirstFrame` is called once the view model's first frame is on the screen: what would
    /// only compete with that frame for a core (the live feed's first snapshot) starts there.
    public func run(afterFirstFrame: (@MainActor () -> Void)? = nil) async -> Bool {
        guard TerminalMode.enter() else { return false }
        defer { TerminalMode.leave() }
        let events = TerminalEvents()
        events.start()
        defer { events.stop() }
        resizeIfNeeded()
        viewModel.observeOutputs { [weak self] in self?.outputChanged() }
        // The screen as it is, before anything changes. It is not a frame of the view model's, so
        // the view model's first frame (the loaded board) is drawn at once, not a frame interval later.
        drawCurrent()
        self.afterFirstFrame = afterFirstFrame
        let viewModel = viewModel
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await viewModel.run() }
            group.addTask { await self.handleEach(events.events) }
            // Any task ending (the person quit, or stdin closed) ends the app.
            await group.next()
            group.cancelAll()
        }
        return true
    }

    /// Draws the output of now when it changed, at most one frame each ``frameInterval``: a
    /// detail's feed can change it many times a frame, and a frame of 1,000 candles is
    /// milliseconds of work. Called where the output is sent, on the main actor: a frame wakes no
    /// thread. One too soon after the last is drawn once, when it is due.
    private func outputChanged() {
        guard !isDrawPending else { return }
        let now = drawClock.now
        if let lastDrawn, case let due = lastDrawn.advanced(by: Self.frameInterval), due > now {
            isDrawPending = true
            Task { @MainActor [weak self, drawClock] in
                try? await drawClock.sleep(until: due)
                guard let self else { return }
                self.isDrawPending = false
                self.lastDrawn = drawClock.now
                self.drawCurrent()
            }
            return
        }
        lastDrawn = now
        drawCurrent()
    }

    /// Handles the terminal's events until one ends the app.
    private func handleEach(_ events: AsyncStream<TerminalEvent>) async {
        for await event in events {
            guard handle(event) else { return }
        }
    }

    /// The shortest time between two frames (20 a second at most; the board's own are 10).
    static let frameInterval = Duration.milliseconds(50)

    private func drawCurrent() {
        draw(viewModel.output)
        if StartupTrace.isOn, !viewModel.output.board.rows.isEmpty { StartupTrace.mark("first board drawn") }
        if let afterFirstFrame {
            self.afterFirstFrame = nil
            afterFirstFrame()
        }
    }

    /// Handles one terminal event; false when the app should quit.
    private func handle(_ event: TerminalEvent) -> Bool {
        switch event {
        case .terminate:
            return false
        case .resized:
            resizeIfNeeded()
            draw(viewModel.output)
        case .keys(let keys):
            // Each key is read against the output the one before made (typing "ㅂㅌ" in one read),
            // through the key table every face shares.
            for key in keys {
                switch KeyTable.action(for: key, in: viewModel.output) {
                case .quit: return false
                case .send(let input): viewModel.send(input)
                case .ignore: break
                }
            }
        }
        return true
    }

    private func resizeIfNeeded() {
        let current = TerminalMode.size()
        guard current != size else { return }
        size = current
        previous = nil  // a new size is a full redraw
        previousBoard = nil
        viewModel.send(.board(.viewportResized(rows: BoardScreen.tableRows(height: current.height))))
    }

    /// Draws an output; only the cells that changed since the last frame are written.
    func draw(_ output: RootViewModel.Output) {
        resizeIfNeeded()
        let board = output.board
        let isBoardOnly = output.detail == nil && board.tab != .watchlist && board.tab != .alerts && output.alert == nil
        if let notice = output.alert, notice.number != rungNotice {
            rungNotice = notice.number
            TerminalMode.writeAll(Array(AlertSignal.bytes(for: notice, notification: notification).utf8))
        }
        // Between ticks only some rows and the status bar change: redraw just those.
        if isBoardOnly, var shown = previous, let previousBoard {
            // Each buffer held once, so that drawing into one does not copy its cells.
            previous = nil
            var buffer = spare ?? shown
            spare = nil
            if let redrawn = screen.drawChanges(from: previousBoard, to: board, into: &buffer) {
                // Only the redrawn lines can differ: the rest is not compared.
                let bytes = writer.output(from: shown, to: buffer, lines: redrawn)
                if !bytes.isEmpty { TerminalMode.writeAll(Array(bytes.utf8)) }
                // The screen shown before becomes the next frame's buffer once it has these lines.
                shown.copyLines(redrawn, from: buffer)
                spare = shown
                self.previous = buffer
                self.previousBoard = board
                return
            }
            previous = shown
        }
        spare = nil
        var buffer = ScreenBuffer(width: size.width, height: size.height)
        if let detail = output.detail {
            detailScreen.draw(detail, status: board, into: &buffer)
        } else {
            screen.draw(board, into: &buffer)
            if board.tab == .watchlist, let watchlist = output.watchlist, buffer.width >= BoardScreen.minimumWidth,
                buffer.height >= BoardScreen.minimumHeight
            {
                // The tab draws over the board's frame, and its own help over itself.
                watchlistScreen.draw(watchlist, isSimulated: board.status.isSimulated, into: &buffer)
            }
            if board.tab == .alerts, let alerts = output.alerts, buffer.width >= BoardScreen.minimumWidth,
                buffer.height >= BoardScreen.minimumHeight
            {
                alertsScreen.draw(alerts, into: &buffer)
            }
        }
        // The help over whatever screen it is about (the board draws its own).
        if let help = output.help, output.detail != nil || help.screen != .board {
            HelpOverlay.draw(help, into: &buffer)
        }
        if let notice = output.alert, buffer.width >= BoardScreen.minimumWidth {
            AlertSignal.draw(notice, into: &buffer)
        }
        let bytes = writer.output(from: previous, to: buffer)
        if !bytes.isEmpty { TerminalMode.writeAll(Array(bytes.utf8)) }
        previous = buffer
        previousBoard = isBoardOnly ? board : nil
    }
}
