import Foundation
import HeadlessOutput
import Synchronization

/// Standard output for a stream of lines: they are gathered and written in one `write` when
/// 64 KiB have gathered or at the next flush (`stream` flushes every 10 ms), so that a
/// firehose costs a system call per batch, not per line, while a pipe still sees every line
/// within moments.
final class BufferedOutput: Sendable {
    private let pending = Mutex<[UInt8]>([])
    private static let batchSize = 1 << 16

    /// Adds bytes (whole lines); writes the batch once it is big enough.
    func append(_ bytes: [UInt8]) throws {
        // Written under the lock, so batches reach the output in the order they were gathered.
        try pending.withLock { pending in
            pending.append(contentsOf: bytes)
            guard pending.count >= Self.batchSize else { return }
            defer { pending.removeAll(keepingCapacity: true) }
            try StandardOutput.write(pending, to: STDOUT_FILENO)
        }
    }

    /// Adds one line of text.
    func append(line: String) {
        pending.withLock { pending in
            pending.append(contentsOf: line.utf8)
            pending.append(UInt8(ascii: "\n"))
        }
    }

    /// Writes what has gathered.
    func flush() throws {
        try pending.withLock { pending in
            guard !pending.isEmpty else { return }
            defer { pending.removeAll(keepingCapacity: true) }
            try StandardOutput.write(pending, to: STDOUT_FILENO)
        }
    }

    /// Flushes every `interval` until cancelled (or the reader has gone).
    func flushEvery(_ interval: Duration) async throws {
        while !Task.isCancelled {
            try await Task.sleep(for: interval)
            try flush()
        }
    }
}
