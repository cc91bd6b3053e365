public import MarketFeatures

/// The terminal front end: draws the board view model's outputs, writes only the cells that
/// changed, and turns keys into the view model's inputs until `q`, Ctrl-C or SIGTERM.
@MainActor
public final class TerminalApp {
    private let viewModel: BoardViewModel
    private let screen: BoardScreen
    private let writer: FrameWriter
    private let detail: DetailPresenter?
    private let watchlist: WatchlistPresenter?
    private var previous: ScreenBuffer?
    /// The board output `previous` shows, when it shows only the board (not detail, watchlist).
    private var previousBoard: BoardOutput?
    private var size = (width: 0, height: 0)

    /// An app over a board view model; `colors` false under `NO_COLOR`.
    public init(
        viewModel: BoardViewModel, screen: BoardScreen, colors: Bool, detail: DetailPresenter? = nil,
        watchlist: WatchlistPresenter? = nil
    ) {
        self.viewModel = viewModel
        self.screen = screen
        self.detail = detail
        self.watchlist = watchlist
        writer = FrameWriter(colors: colors)
    }

    /// Runs the app; returns when the person quits. False when stdin is not a terminal.
    public func run() async -> Bool {
        guard TerminalMode.enter() else { return false }
        defer { TerminalMode.leave() }
        let events = TerminalEvents()
        events.start()
        defer { events.stop() }
        resizeIfNeeded()
        detail?.onChange = { [weak self] in
            guard let self else { return }
            self.draw(self.viewModel.output)
        }
        watchlist?.follow(viewModel.output.tab)
        let outputs = viewModel.outputs()
        let watchlistChanges = watchlist?.changes()
        let viewModel = viewModel
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await viewModel.run() }
            group.addTask {
                for await output in outputs { await self.draw(output) }
            }
            if let watchlistChanges {
                group.addTask {
                    // The tab's changes end only when the app does (the group is cancelled).
                    for await _ in watchlistChanges { await self.draw(viewModel.output) }
                }
            }
            group.addTask {
                for await event in events.events {
                    guard await self.handle(event) else { return }
                }
            }
            // Any task ending (the person quit, or stdin closed) ends the app.
            await group.next()
            group.cancelAll()
        }
        return true
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
            for key in keys {
                let output = viewModel.output
                if output.tab == .watchlist, let watchlist, output.confirmation == nil, !output.isHelpVisible {
                    switch watchlist.handle(key) {
                    case .handled:
                        continue
                    case .quit:
                        return false
                    case .board:
                        break
                    }
                }
                switch KeyMap.action(for: key, in: viewModel.output) {
                case .quit: return false
                case .send(let input):
                    viewModel.send(input)
                    // The next key is read against the state this one made (typing "ㅂㅌ" in one read).
                    viewModel.frame()
                    detail?.follow(viewModel.output.detailMarket)
                    watchlist?.follow(viewModel.output.tab)
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
        viewModel.send(.viewportResized(rows: BoardScreen.tableRows(height: current.height)))
    }

    /// Draws an output; only the cells that changed since the last frame are written.
    func draw(_ output: BoardOutput) {
        resizeIfNeeded()
        // The board may open on the Watchlist tab (the last one used): show it as soon as it is drawn.
        watchlist?.follow(output.tab)
        let isBoardOnly = output.detailMarket == nil && output.tab != .watchlist
        // Between ticks only some rows and the status bar change: redraw just those.
        if isBoardOnly, let previous, let previousBoard {
            var buffer = previous
            if let redrawn = screen.drawChanges(from: previousBoard, to: output, into: &buffer) {
                // Only the redrawn lines can differ: the rest is not compared.
                let bytes = writer.output(from: previous, to: buffer, lines: redrawn)
                if !bytes.isEmpty { TerminalMode.writeAll(Array(bytes.utf8)) }
                self.previous = buffer
                self.previousBoard = output
                return
            }
        }
        var buffer = ScreenBuffer(width: size.width, height: size.height)
        if output.detailMarket != nil, let detail {
            detail.draw(into: &buffer, board: output)
        } else {
            screen.draw(output, into: &buffer)
            if output.tab == .watchlist, let watchlist, buffer.width >= BoardScreen.minimumWidth,
                buffer.height >= BoardScreen.minimumHeight
            {
                // The tab draws over the board's frame, and its own help over itself.
                watchlist.draw(into: &buffer)
                if output.isHelpVisible { HelpOverlay.draw(for: .watchlist, into: &buffer) }
            }
        }
        let bytes = writer.output(from: previous, to: buffer)
        if !bytes.isEmpty { TerminalMode.writeAll(Array(bytes.utf8)) }
        previous = buffer
        previousBoard = isBoardOnly ? output : nil
    }
}
