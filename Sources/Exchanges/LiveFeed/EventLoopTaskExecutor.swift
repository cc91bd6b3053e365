import NIOCore
import Synchronization

/// Runs a task's jobs on a SwiftNIO event loop: the loop of the connection the task reads.
///
/// A task that reads a socket through `NIOAsyncChannel` is resumed each time the loop reads:
/// on the shared pool that is a wake-up of another thread per read (a semaphore post, a context
/// switch, the frame's bytes going cold in between). Preferring the connection's own loop, the
/// task is resumed on the thread that just read the bytes, in the same loop turn. Only for work
/// that never blocks: everything else queued on the loop waits for it.
///
/// A job that comes after the loop is shut down (a task still preferring it as the connection
/// ends) runs on the shared pool instead: a shut-down loop drops what it is given, and says so on
/// stderr, over a terminal app's screen.
final class EventLoopTaskExecutor: TaskExecutor {
    private let loop: any EventLoop
    /// Whether the loop still takes jobs: false from just before it is shut down.
    private let isOpen = Mutex(true)

    init(_ loop: any EventLoop) {
        self.loop = loop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let taken = isOpen.withLock { isOpen in
            if isOpen { loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) } }
            return isOpen
        }
        if !taken { globalConcurrentExecutor.enqueue(ExecutorJob(job)) }
    }

    /// Gives the loop no more jobs; call before shutting it down.
    func close() {
        isOpen.withLock { $0 = false }
    }
}
