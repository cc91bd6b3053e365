import Foundation
import Glibc
import HeadlessOutput

extension Process {
    /// Asks a child to stop (SIGTERM) and waits for it to end; one still running after `grace` is
    /// killed (SIGKILL), and stderr says so: a benchmark's child must never keep it from ending.
    ///
    /// It waits with `waitpid` and a deadline, not `waitUntilExit()`: a benchmark run by the test
    /// harness once never ended after its last line, and neither a child that ignores SIGTERM nor
    /// an end that Foundation does not report may keep it waiting.
    func stop(grace: Duration = .seconds(5), name: String) {
        let pid = processIdentifier
        guard pid > 0, !hasEnded(pid) else { return }
        kill(pid, SIGTERM)
        guard !waitForEnd(pid, within: grace) else { return }
        StandardError.writeLine("sise: \(name) did not stop within \(grace) of SIGTERM; killed")
        kill(pid, SIGKILL)
        _ = waitForEnd(pid, within: grace)
    }

    private func waitForEnd(_ pid: Int32, within grace: Duration) -> Bool {
        let deadline = ContinuousClock.now + grace
        while ContinuousClock.now < deadline {
            if hasEnded(pid) { return true }
            usleep(10_000)
        }
        return hasEnded(pid)
    }

    /// Whether the child has ended: reaped here, or already reaped by Foundation.
    private func hasEnded(_ pid: Int32) -> Bool {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        return result == pid || (result == -1 && errno == ECHILD) || !isRunning
    }
}
