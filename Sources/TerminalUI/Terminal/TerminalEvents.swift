import Dispatch
import Foundation
public import MarketFeatures

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the terminal reports to the app: keys, a resize, or a request to stop (SIGTERM, SIGINT).
public enum TerminalEvent: Sendable, Equatable {
    case keys([Key])
    case resized
    case terminate
}

/// Reads stdin and the terminal's signals into one stream of events. Reading blocks a thread of
/// its own (stdin has no async API); the signals come through dispatch sources.
public final class TerminalEvents: Sendable {
    public let events: AsyncStream<TerminalEvent>
    private let continuation: AsyncStream<TerminalEvent>.Continuation
    nonisolated(unsafe) private var sources: [any DispatchSourceSignal] = []

    public init() {
        (events, continuation) = AsyncStream<TerminalEvent>.makeStream()
    }

    /// Starts reading keys and watching SIGWINCH, SIGTERM and SIGINT.
    public func start() {
        let continuation = continuation
        let thread = Thread {
            var parser = KeyParser()
            var buffer = [UInt8](repeating: 0, count: 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    continuation.yield(.terminate)  // stdin closed
                    return
                }
                let keys = parser.keys(from: Array(buffer[0..<count]))
                if !keys.isEmpty { continuation.yield(.keys(keys)) }
            }
        }
        thread.start()
        for (number, event) in [(SIGWINCH, TerminalEvent.resized), (SIGTERM, .terminate), (SIGINT, .terminate)] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield(event) }
            source.resume()
            sources.append(source)
        }
    }

    /// Stops watching signals and ends the stream.
    public func stop() {
        for source in sources { source.cancel() }
        continuation.finish()
    }
}
