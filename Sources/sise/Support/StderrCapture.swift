import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Catches what is written straight to file descriptor 2 while the full-screen app owns the
/// terminal: stderr becomes a pipe, a thread reads it line by line into `onLine`, and ``stop()``
/// puts the terminal back (and waits until every line caught was handed on).
final class StderrCapture: Sendable {
    private let saved: Int32
    private let readEnd: Int32
    private let finished = DispatchSemaphore(value: 0)

    private init(saved: Int32, readEnd: Int32) {
        self.saved = saved
        self.readEnd = readEnd
    }

    /// Starts catching; nil (stderr left as it is) when the pipe cannot be made.
    static func start(onLine: @escaping @Sendable (String) -> Void) -> StderrCapture? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        let saved = dup(STDERR_FILENO)
        guard saved >= 0, dup2(ends[1], STDERR_FILENO) >= 0 else {
            close(ends[0])
            close(ends[1])
            if saved >= 0 { close(saved) }
            return nil
        }
        close(ends[1])
        let capture = StderrCapture(saved: saved, readEnd: ends[0])
        let thread = Thread { [readEnd = ends[0], finished = capture.finished] in
            var pending = Data()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(readEnd, &buffer, buffer.count)
                if count <= 0 { break }
                pending.append(contentsOf: buffer[0..<count])
                while let newline = pending.firstIndex(of: 10) {
                    onLine(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                    pending.removeSubrange(pending.startIndex...newline)
                }
            }
            if !pending.isEmpty { onLine(String(decoding: pending, as: UTF8.self)) }
            finished.signal()
        }
        thread.name = "sise.stderr"
        thread.start()
        return capture
    }

    /// Puts stderr back; the pipe's last writer closes, the thread reads to its end and stops.
    func stop() {
        dup2(saved, STDERR_FILENO)
        close(saved)
        _ = finished.wait(timeout: .now() + 2)
        close(readEnd)
    }
}
