public import MarketFeatures

/// Runs one screen of one view model in the terminal, for the example apps: raw mode and the
/// alternate screen, each output drawn by `draw` (only the cells that changed written), each key
/// given to `handle` against the output it was typed on, until `handle` says to quit, Ctrl-C or
/// SIGTERM. The terminal is restored on every way out.
@MainActor
public final class TerminalRunner<Output: Sendable> {
    /// Draws an output into a screen of the terminal's size.
    public var draw: (Output, inout ScreenBuffer) -> Void
    /// What a key does: false to quit.
    public var handle: (Key) -> Bool
    /// The output shown now (a key is read against it).
    public var current: () -> Output
    /// Colours (off under `NO_COLOR`).
    public var colors: Bool

    private let writer: FrameWriter
    private var previous: ScreenBuffer?

    /// Makes a runner.
    public init(
        draw: @escaping (Output, inout ScreenBuffer) -> Void, handle: @escaping (Key) -> Bool,
        current: @escaping () -> Output, colors: Bool
    ) {
        self.draw = draw
        self.handle = handle
        self.current = current
        self.colors = colors
        writer = FrameWriter(colors: colors)
    }

    /// Runs until the person quits; false when stdin is not a terminal.
    public func run(outputs: AsyncStream<Output>) async -> Bool {
        guard TerminalMode.enter() else { return false }
        defer { TerminalMode.leave() }
        let events = TerminalEvents()
        events.start()
        defer { events.stop() }
        paint(current())
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.follow(outputs) }
            group.addTask { await self.read(events) }
            await group.next()
            group.cancelAll()
        }
        return true
    }

    private func follow(_ outputs: AsyncStream<Output>) async {
        for await output in outputs { paint(output) }
    }

    /// Reads keys until one quits, or the terminal asks to stop.
    private func read(_ events: TerminalEvents) async {
        for await event in events.events {
            switch event {
            case .terminate: return
            case .resized: paint(current(), full: true)
            case .keys(let keys):
                for key in keys where !handle(key) { return }
            }
        }
    }

    /// Draws a frame, writing what changed since the last one (everything when `full`).
    private func paint(_ output: Output, full: Bool = false) {
        let size = TerminalMode.size()
        var buffer = ScreenBuffer(width: size.width, height: size.height)
        draw(output, &buffer)
        let bytes = writer.output(from: full ? nil : previous, to: buffer)
        if !bytes.isEmpty { TerminalMode.writeAll(Array(bytes.utf8)) }
        previous = buffer
    }
}
