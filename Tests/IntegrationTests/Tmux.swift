import Foundation
import TestSupport

/// A tmux session for driving the terminal app as a person would: type keys, read the screen.
/// Each session has a tmux server of its own (`-L`, a socket named as the session): one server for
/// every test's session is one process drawing every app's screen, and under a full parallel run
/// it fell tens of seconds behind, so a screen no longer showed keys it had long been sent.
struct Tmux {
    let session: String
    /// The session's own server's socket name.
    var socket: String { session }

    /// Runs a tmux command and returns what it printed. Output is read only after the client
    /// exits (a screen is far smaller than a pipe's buffer), and never for `new-session`, whose
    /// server would keep the pipe open: nothing here blocks a thread waiting on tmux.
    @discardableResult
    static func run(
        _ arguments: [String], socket: String, captureOutput: Bool = true
    ) async throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux", "-L", socket] + arguments
        let pipe = Pipe()
        let errorPipe = Pipe()
        process.standardOutput = captureOutput ? pipe : FileHandle.nullDevice
        process.standardError = captureOutput ? errorPipe : FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let (ended, continuation) = AsyncStream<Int32>.makeStream()
        process.terminationHandler = {
            continuation.yield($0.terminationStatus); continuation.finish()
        }
        try ProcessLaunch.run(process)
        var iterator = ended.makeAsyncIterator()
        let status = await iterator.next() ?? -1
        guard captureOutput else { return (status, "", "") }
        try pipe.fileHandleForWriting.close()
        try errorPipe.fileHandleForWriting.close()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        let errors = errorPipe.fileHandleForReading.readDataToEndOfFile()
        return (status, String(decoding: data, as: UTF8.self), String(decoding: errors, as: UTF8.self))
    }

    static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")
            || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/tmux")
    }

    /// Starts `command` in a new detached session of `width` × `height`, and waits until it exists.
    ///
    /// The `new-session` client is not waited for: when it starts the tmux server, the server
    /// inherits the descriptor Foundation watches to see a child end, so its end is never seen.
    static func start(_ command: String, width: Int = 120, height: Int = 40) async throws -> Tmux {
        let session = "sise-test-\(UUID().uuidString.prefix(8))"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "tmux", "-L", session, "new-session", "-d", "-s", session, "-x", "\(width)", "-y", "\(height)", command,
        ]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try ProcessLaunch.run(process)
        try await withDeadline(seconds: 30, "tmux session \(session)") {
            while try await run(["has-session", "-t", session], socket: session, captureOutput: false).status != 0 {
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        return Tmux(session: session)
    }

    func keys(_ keys: String...) async throws {
        try await send(["send-keys", "-t", session] + keys)
    }

    func type(_ text: String) async throws {
        try await send(["send-keys", "-t", session, "-l", text])
    }

    /// Runs a `send-keys`, again when tmux refused it (a client can fail to reach a server busy
    /// with many sessions on a loaded machine); keys lost without a word would fail a later wait
    /// with a screen that does not say why.
    private func send(_ arguments: [String]) async throws {
        var failure = ""
        for attempt in 0..<3 {
            if attempt > 0 { try await Task.sleep(for: .milliseconds(200 * attempt)) }
            let result = try await Self.run(arguments, socket: socket)
            if result.status == 0 { return }
            failure = "status \(result.status): \(result.errors)"
        }
        throw WaitFailure(description: "tmux \(arguments.joined(separator: " ")) failed 3 times; last \(failure)")
    }

    func screen() async throws -> [String] {
        try await Self.run(["capture-pane", "-p", "-t", session], socket: socket).output.split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .map(String.init)
    }

    /// The screen with its styles, as tmux writes them back (`capture-pane -e`: SGR sequences).
    func styledScreen() async throws -> [String] {
        try await Self.run(["capture-pane", "-p", "-e", "-t", session], socket: socket).output.split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .map(String.init)
    }

    /// Waits until the screen satisfies `condition`, returning it; fails after `seconds`.
    @discardableResult
    func waitFor(
        _ what: String, seconds: Double = 30, _ condition: @escaping @Sendable ([String]) -> Bool
    ) async throws -> [String] {
        let tmux = self
        do {
            return try await withDeadline(seconds: seconds, what) {
                while true {
                    let lines = try await tmux.screen()
                    if condition(lines) { return lines }
                    try await Task.sleep(for: .milliseconds(100))
                }
            }
        } catch {
            // What the screen showed instead, for whoever reads the failure (a CI log).
            // One line (a test log shows an issue's first line only), its rows parted by ⏎.
            let rows = (try? await tmux.screen())?.map { $0.trimmingCharacters(in: .whitespaces) }
            let shown = rows?.filter { !$0.isEmpty }.joined(separator: " ⏎ ") ?? "(no screen)"
            throw WaitFailure(description: "\(error); the screen: \(shown)")
        }
    }

    /// Waits until the screen satisfies `condition`, pressing `key` again each time `every` seconds
    /// pass without it (at most `presses` more times): for a step whose purpose is not the key
    /// itself, on a machine loaded enough that a screen lags its keys by seconds.
    @discardableResult
    func pressing(
        _ key: String, until what: String, every seconds: Double = 10, presses: Int = 3,
        _ condition: @escaping @Sendable ([String]) -> Bool
    ) async throws -> [String] {
        for _ in 0..<presses {
            if let lines = try? await waitFor(what, seconds: seconds, condition) { return lines }
            try await keys(key)
        }
        return try await waitFor(what, condition)
    }

    /// A wait that did not end, with the screen it ended on.
    struct WaitFailure: Error, CustomStringConvertible {
        let description: String
    }

    func kill() async {
        _ = try? await Self.run(["kill-session", "-t", session], socket: socket, captureOutput: false)
    }
}
