import NIOCore

/// Runs a task's jobs on a SwiftNIO event loop: the loop of the connection the task reads.
///
/// A task that reads a socket through `NIOAsyncChannel` is resumed each time the loop reads:
/// on the shared pool that is a wake-up of another thread per read (a semaphore post, a context
/// switch, the frame's bytes going cold in between). Preferring the connection's own loop, the
/// task is resumed on the thread that just read the bytes, in the same loop turn. Only for work
/// that never blocks: everything else queued on the loop waits for it.
final class EventLoopTaskExecutor: TaskExecutor {
    private let loop: any EventLoop

    init(_ loop: any EventLoop) {
        self.loop = loop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
