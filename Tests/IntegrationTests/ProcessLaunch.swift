import Foundation

/// Starts the test suites' child processes one at a time: Foundation's `Process.run()` on Linux
/// crashed once copying its arguments (a memcpy fault in `Process.run`) while two suites started
/// tmux and `sise` at the same moment; a start takes about a millisecond, so taking turns costs
/// nothing a test can see.
enum ProcessLaunch {
    private static let lock = NSLock()

    /// Runs `process` while no other test's process is being started.
    static func run(_ process: Process) throws {
        lock.lock()
        defer { lock.unlock() }
        try process.run()
    }
}
