import Dispatch
import Foundation
import Synchronization

#if os(Linux)
    import Glibc
#endif

/// Calls `onWrite` soon after any process writes a database's files (the file itself or its
/// write-ahead log): on Linux, inotify on the file's folder, read by a dispatch source, so nothing
/// wakes while nothing is written. Where inotify is missing (or the database is in memory) there
/// is no watch, and the caller looks on a timer instead.
final class DatabaseFileWatch: Sendable {
    #if os(Linux)
        /// The dispatch source reading the inotify descriptor; its cancel handler closes it.
        /// Dispatch lets a source be cancelled from any thread.
        nonisolated(unsafe) private let source: any DispatchSourceRead

        /// A watch of the database at `path`; `nil` for an in-memory one, or when inotify cannot
        /// watch its folder (the caller then looks on a timer).
        init?(path: String, onWrite: @escaping @Sendable () -> Void) {
            guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file:") else { return nil }
            let file = URL(fileURLWithPath: path)
            let folder = file.deletingLastPathComponent().path
            let names: Set<String> = [file.lastPathComponent, file.lastPathComponent + "-wal"]
            let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard descriptor >= 0 else { return nil }
            let events = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_MOVED_TO)
            guard inotify_add_watch(descriptor, folder, events) >= 0 else {
                close(descriptor)
                return nil
            }
            let queue = DispatchQueue(label: "sise.database-file-watch")
            let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
            let lastWrite = LastWrite()
            source.setEventHandler {
                guard Self.readEvents(descriptor).contains(where: { $0.map(names.contains) ?? true }) else { return }
                onWrite()
                // A commit shows once SQLite has also updated its log's index, in shared memory that
                // inotify does not see, just after writing the log: it is looked for again until
                // the files have been still for a while.
                let isFollowing = lastWrite.time.withLock { last in
                    defer { last = .now() }
                    return last != nil
                }
                if !isFollowing { Self.followUp(on: queue, lastWrite: lastWrite, onWrite: onWrite) }
            }
            source.setCancelHandler { close(descriptor) }
            source.resume()
            self.source = source
        }

        /// How soon after a write of the files the commit is looked for again (each pause after
        /// twice the one before, a second at most), and until how long after the last write.
        static let firstFollowUp = 50_000_000 as UInt64
        static let longestFollowUp = 1_000_000_000 as UInt64
        static let followUpSpan = 2_000_000_000 as UInt64

        /// Looks again after `pause`, and again after twice as long (at most a second) while the
        /// files were written within the span.
        private static func followUp(
            on queue: DispatchQueue, after pause: UInt64 = firstFollowUp, lastWrite: LastWrite,
            onWrite: @escaping @Sendable () -> Void
        ) {
            queue.asyncAfter(deadline: .now() + .nanoseconds(Int(pause))) {
                onWrite()
                let isStill = lastWrite.time.withLock { last in
                    guard let written = last,
                        DispatchTime.now().uptimeNanoseconds - written.uptimeNanoseconds < followUpSpan
                    else {
                        last = nil
                        return true
                    }
                    return false
                }
                guard !isStill else { return }
                followUp(on: queue, after: min(pause * 2, longestFollowUp), lastWrite: lastWrite, onWrite: onWrite)
            }
        }

        /// Stops watching.
        func cancel() {
            source.cancel()
        }

        /// The names of the files the waiting events are about (`nil` for an event about no one
        /// file: the queue overflowed, and any file may have been written).
        private static func readEvents(_ descriptor: Int32) -> [String?] {
            var names: [String?] = []
            // Room for many events at once, aligned as inotify's records are.
            var buffer = [UInt64](repeating: 0, count: 1_024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                guard count > 0 else { return names }
                buffer.withUnsafeBytes { bytes in
                    let header = MemoryLayout<inotify_event>.size
                    var offset = 0
                    while offset + header <= count {
                        let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                        let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                        let nameBytes = bytes[(offset + header)..<min(offset + header + length, count)]
                        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                            names.append(nil)
                        } else if length > 0 {
                            names.append(String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self))
                        }
                        offset += header + length
                    }
                }
            }
        }
    #else
        /// No watch here: the caller looks on a timer.
        init?(path: String, onWrite: @escaping @Sendable () -> Void) {
            nil
        }

        func cancel() {}
    #endif
}

#if os(Linux)
    /// When the database's files were last written, while their commit is looked for again.
    private final class LastWrite: Sendable {
        let time = Mutex<DispatchTime?>(nil)
    }
#endif
