import Foundation
import MarketDomain

/// A child of this same executable (`/proc/self/exe`) that a benchmark starts: `sise simulate`,
/// `sise serve`. It reads what the child says on one stream until the child says it is ready.
enum ChildProcess {
    /// The child's stream that says when it is ready.
    enum Stream {
        case output, error
    }

    /// Starts `sise arguments…` and reads `stream` (60 s at most) until `ready` finds in it what
    /// it waits for; the stream is then drained on a thread, so that the child never blocks on a
    /// full pipe, and the other one goes nowhere. Throws, with what the child said, when it ends
    /// or the time runs out first.
    static func start<Found>(
        _ arguments: [String], reading stream: Stream, what: String, until ready: (String) -> Found?
    ) throws -> (Process, Found) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        process.arguments = arguments
        let pipe = Pipe()
        switch stream {
        case .output:
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
        case .error:
            process.standardError = pipe
            process.standardOutput = FileHandle.nullDevice
        }
        try process.run()
        let reader = pipe.fileHandleForReading
        var text = ""
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let chunk = reader.availableData
            guard !chunk.isEmpty else { break }
            text += String(decoding: chunk, as: UTF8.self)
            if let found = ready(text) {
                Thread.detachNewThread {
                    while !reader.availableData.isEmpty {}
                }
                return (process, found)
            }
        }
        process.stop(name: what)
        throw ExchangeError.unavailable(
            "\(what) did not start: \(text.trimmingCharacters(in: .whitespacesAndNewlines))")
    }
}
