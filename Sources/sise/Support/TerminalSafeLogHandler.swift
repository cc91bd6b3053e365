import Foundation
import Logging
import MarketDomain
import Synchronization

/// Writes log lines to stderr as swift-log's stream handler does, with every control character
/// taken out first: a server's error frame or a hostile body that reaches a log line (with
/// `--verbose`) can never move the cursor, ring the bell or rewrite the terminal.
struct TerminalSafeLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        let details =
            merged.isEmpty ? "" : " " + merged.sorted { $0.key < $1.key }.map { "\($0)=\($1)" }.joined(separator: " ")
        let text = Self.line(level: event.level, label: label, message: "\(event.message)\(details)")
        if HeldLogLines.shared.hold(text) { return }
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// One line: the time, the level, the label and the message, cleaned for a terminal.
    static func line(level: Logger.Level, label: String, message: String) -> String {
        let time = Date().formatted(.iso8601)
        return DisplayWidth.sanitized("\(time) \(level) \(label): \(message)")
    }
}

/// Log lines held back while the full-screen app owns the terminal that stderr writes to: a line
/// written there would land over the app's screen. They are written once the screen is given
/// back, the latest ``capacity`` of them, with a count of any left out.
final class HeldLogLines: Sendable {
    static let shared = HeldLogLines()

    /// How many lines are kept while holding.
    let capacity = 500

    private struct State {
        var holding = false
        var lines: [String] = []
        var dropped = 0
    }

    private let state = Mutex(State())
    /// What catches the bytes written straight to stderr while holding.
    private let capture = Mutex<StderrCapture?>(nil)

    /// From now on, lines are held instead of written: Sise's log lines, and what a library
    /// writes straight to stderr (SwiftNIO's own warnings), caught line by line.
    func start() {
        state.withLock { $0.holding = true }
        let started = StderrCapture.start { line in _ = HeldLogLines.shared.hold(DisplayWidth.sanitized(line)) }
        capture.withLock { $0 = started }
    }

    /// Holds `line` when holding; false when it is to be written now.
    func hold(_ line: String) -> Bool {
        state.withLock { state in
            guard state.holding else { return false }
            if state.lines.count == capacity {
                state.lines.removeFirst()
                state.dropped += 1
            }
            state.lines.append(line)
            return true
        }
    }

    /// Stops holding and writes what was held to stderr, a line repeated in a row once with
    /// its count.
    func release() {
        capture.withLock { capture in
            capture?.stop()
            capture = nil
        }
        let (lines, dropped) = state.withLock { state in
            defer { state = State() }
            return (state.lines, state.dropped)
        }
        var text = dropped > 0 ? "(\(dropped) earlier log lines left out)\n" : ""
        var index = lines.startIndex
        while index < lines.endIndex {
            let line = lines[index]
            let repeats = lines[index...].prefix { $0 == line }.count
            text += line + (repeats > 1 ? " (×\(repeats))" : "") + "\n"
            index += repeats
        }
        if !text.isEmpty { FileHandle.standardError.write(Data(text.utf8)) }
    }
}
