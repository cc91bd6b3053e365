import Foundation
import Logging
import MarketDomain

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
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// One line: the time, the level, the label and the message, cleaned for a terminal.
    static func line(level: Logger.Level, label: String, message: String) -> String {
        let time = Date().formatted(.iso8601)
        return DisplayWidth.sanitized("\(time) \(level) \(label): \(message)")
    }
}
