import Glibc
import Testing

@testable import SiseBench

/// The benchmarks' bare WebSocket clients write to sockets whose peer may be gone (a tab the
/// bench has just shut down, a server that closed it): the write fails, and no SIGPIPE is raised,
/// which would end the bench (it ignores no signal) before it stops the `sise serve` it started.
@Suite struct RawWebSocketTests {
    @Test func sendingToAPeerThatIsGoneThrowsAndRaisesNoSIGPIPE() throws {
        var pair: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        defer { close(pair[0]) }
        close(pair[1])
        // SIGPIPE held back on this thread: a write that raises it leaves it pending (on Linux even
        // while the process ignores it), where it is seen, then taken so that it never arrives.
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }

        #expect(throws: RawWebSocket.Failure.self) { try RawWebSocket.send([0x81, 0x80], on: pair[0]) }

        var pending = sigset_t()
        sigpending(&pending)
        let raised = sigismember(&pending, SIGPIPE) == 1
        if raised {
            var taken: Int32 = 0
            sigwait(&pipeSignal, &taken)
        }
        #expect(!raised, "the send raised SIGPIPE")
    }
}
