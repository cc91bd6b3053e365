import Foundation
import Synchronization

/// How far start-up has come, for `scripts/measure-startup.sh`: each phase's first mark is written
/// with the wall-clock time (Unix nanoseconds, as `date +%s%N` prints it) to the file the
/// `SISE_STARTUP_TRACE` variable names. Without it, a mark costs one check and writes nothing.
public enum StartupTrace {
    /// The trace file's descriptor; -1 when no trace is asked for (or it cannot be opened).
    private static let descriptor: Int32 = {
        guard let path = ProcessInfo.processInfo.environment["SISE_STARTUP_TRACE"], !path.isEmpty else {
            return -1
        }
        return open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    }()

    /// The phases already marked.
    private static let marked = Mutex<Set<String>>([])

    /// Whether a trace is being written.
    public static var isOn: Bool { descriptor >= 0 }

    /// Writes `phase` with the time now, the first time it is reached.
    public static func mark(_ phase: String) {
        guard isOn else { return }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let line = "\(Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)) \(phase)\n"
        marked.withLock { marked in
            guard marked.insert(phase).inserted else { return }
            _ = line.withCString { write(descriptor, $0, strlen($0)) }
        }
    }
}
