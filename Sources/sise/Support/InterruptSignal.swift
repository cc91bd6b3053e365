import Dispatch
import Foundation

/// Waiting for Ctrl-C (SIGINT) or SIGTERM, so a long-running command can end cleanly with exit 0.
enum InterruptSignal {
    /// Returns when SIGINT or SIGTERM arrives, or when the waiting task is cancelled.
    static func wait() async {
        let (signals, continuation) = AsyncStream<Void>.makeStream()
        var sources: [any DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield() }
            source.resume()
            sources.append(source)
        }
        await withTaskCancellationHandler {
            var iterator = signals.makeAsyncIterator()
            _ = await iterator.next()
        } onCancel: {
            continuation.finish()
        }
        for source in sources { source.cancel() }
    }
}
