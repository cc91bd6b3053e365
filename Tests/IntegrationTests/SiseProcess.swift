import Foundation
import TestSupport

/// Runs the built `sise` executable as a user would, with its output captured in files.
struct SiseProcess {
    struct Finished {
        var status: Int32
        var stdout: String
        var stderr: String
        var lines: [String] { stdout.split(separator: "\n").map(String.init) }
    }

    /// The `sise` executable built beside the test bundle.
    static var executable: URL { executable("sise") }

    /// An executable of the package built beside the test bundle (`sise`, `repo-search`, `numbers`).
    static func executable(_ name: String) -> URL {
        let here = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        return here.appendingPathComponent(name)
    }

    let process = Process()
    let stdoutURL: URL
    let stderrURL: URL
    private let terminated: AsyncStream<Int32>

    /// Starts `sise` with these arguments (and, when given, only this environment).
    init(
        _ arguments: [String], environment: [String: String]? = nil, program: String = "sise",
        executableURL: URL? = nil
    ) throws {
        let directory = TestScratch.folder.appendingPathComponent("sise-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        stdoutURL = directory.appendingPathComponent("stdout")
        stderrURL = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        process.executableURL = executableURL ?? Self.executable(program)
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
        process.standardError = try FileHandle(forWritingTo: stderrURL)
        process.standardInput = FileHandle.nullDevice
        let (stream, continuation) = AsyncStream<Int32>.makeStream()
        terminated = stream
        process.terminationHandler = { finished in
            continuation.yield(finished.terminationStatus)
            continuation.finish()
        }
        try ProcessLaunch.run(process)
    }

    /// What the process has written to stdout so far.
    var stdoutSoFar: String { (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "" }
    var stderrSoFar: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }

    /// Waits for the process to end (killing it after the deadline).
    func finish(seconds: Double = 60) async throws -> Finished {
        let terminated = terminated
        let status: Int32
        do {
            status = try await withDeadline(seconds: seconds, "sise to exit") {
                var iterator = terminated.makeAsyncIterator()
                return await iterator.next() ?? -1
            }
        } catch {
            let state = Self.describeTree(process.processIdentifier)
            process.terminate()
            throw Stuck(description: "\(error); at the deadline: \(state)")
        }
        return Finished(
            status: status, stdout: try String(contentsOf: stdoutURL, encoding: .utf8),
            stderr: try String(contentsOf: stderrURL, encoding: .utf8))
    }

    /// A process that did not end in time, with what its tree looked like then.
    struct Stuck: Error, CustomStringConvertible {
        let description: String
    }

    /// Each process of the tree under `pid`: its command line, state and threads' states, from /proc.
    static func describeTree(_ pid: Int32) -> String {
        func read(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        var lines: [String] = []
        var pending = [pid]
        while let current = pending.popLast(), lines.count < 20 {
            let command = read("/proc/\(current)/cmdline").replacingOccurrences(of: "\0", with: " ")
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(current)/task")) ?? []
            let states = tasks.map { task in
                let stat = read("/proc/\(current)/task/\(task)/stat")
                let name = stat.split(separator: "(").dropFirst().first?.split(separator: ")").first ?? ""
                let state = stat.split(separator: ")").last?.split(separator: " ").first ?? "?"
                let wchan = read("/proc/\(current)/task/\(task)/wchan")
                return "\(name):\(state):\(wchan)"
            }
            lines.append("[\(current)] \(command) threads: \(states.joined(separator: ", "))")
            for task in tasks {
                let children = read("/proc/\(current)/task/\(task)/children").split(separator: " ")
                pending += children.compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            }
        }
        return lines.isEmpty ? "gone" : lines.joined(separator: " | ")
    }

    /// Runs `sise` to the end.
    static func run(_ arguments: [String], seconds: Double = 60, program: String = "sise") async throws -> Finished {
        try await SiseProcess(arguments, program: program).finish(seconds: seconds)
    }
}
