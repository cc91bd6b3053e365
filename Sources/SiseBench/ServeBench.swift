import ArgumentParser
import Foundation
import HeadlessOutput
import MarketDomain
import SiseSupport

/// `sise bench serve`: what `sise serve` costs a browser tab. It starts `sise serve` on the
/// embedded simulator (a child process with a throwaway database), waits for it to settle (a new
/// database's first minute back-fills a year of the premium's history, which no tab causes;
/// `--settle`) and reads its CPU alone, opens `--viewers` bare tabs on
/// its one board (``DashboardViewers``: each says how many rows it shows, as the page does), waits
/// for every tab's first snapshot, and measures over a window (or `--rounds` of them, their
/// median) the server's CPU time as a share of one core (from `/proc`), its memory a tab (its RSS
/// with the tabs against before them), what each tab receives a second, and the patches that did
/// not follow on. Its last line is exactly
/// `viewers=N cpu_percent=X kb_per_viewer=Y bytes_per_viewer_s=Z patches_per_viewer_s=W gaps=G`,
/// with ` acting=A` after it when `--acting` made that many tabs act (search, sort, open a detail).
struct ServeBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Measure sise serve with many browser tabs on one board.")

    @Option(parsing: .unconditional, help: "Browser tabs to open.")
    var viewers = 1000

    @Option(parsing: .unconditional, help: "Seconds measured in each round.")
    var duration = 10.0

    @Option(
        parsing: .unconditional,
        help: "Windows measured one after another; the server's CPU is their median (a shared machine's noise).")
    var rounds = 1

    @Option(parsing: .unconditional, help: "Rows each tab shows.")
    var rows = 40

    @Option(
        parsing: .unconditional,
        help: "Tabs among them that act (search, sort or open a detail), each on a view model of its own.")
    var acting = 0

    @Option(
        parsing: .unconditional,
        help: "Seconds to wait at most for the server to settle before the tabs open (0: not at all).")
    var settle = 90.0

    /// A server is settled when it used less than this share of a core over ``settleWindow``.
    static let settledShare = 0.06
    static let settleWindow = Duration.seconds(2)

    func validate() throws {
        guard (1...20_000).contains(viewers) else { throw ValidationError("--viewers must be between 1 and 20000.") }
        guard duration > 0, duration.isFinite, duration <= 600 else {
            throw ValidationError("--duration must be a positive number of seconds, at most 600.")
        }
        guard (1...20).contains(rounds) else { throw ValidationError("--rounds must be between 1 and 20.") }
        guard (1...200).contains(rows) else { throw ValidationError("--rows must be between 1 and 200.") }
        guard settle >= 0, settle.isFinite, settle <= 600 else {
            throw ValidationError("--settle must be a number of seconds between 0 and 600.")
        }
        guard (0...viewers).contains(acting) else {
            throw ValidationError("--acting must be between 0 and the number of tabs (--viewers).")
        }
    }

    func run() async throws {
        // A tab is a descriptor here and another in the server (a child, which inherits the limit).
        let descriptors = DescriptorLimit.raiseToHard()
        guard descriptors >= viewers + 256 else {
            throw ValidationError(
                "\(viewers) tabs need \(viewers + 256) file descriptors; this shell allows \(descriptors) "
                    + "(raise it with ulimit -n)")
        }
        let server = try ServeProcess.start()
        defer { server.stop() }
        // The board loads and the first ticks flow before the baseline is read.
        try await Task.sleep(for: .seconds(2))
        let alone = try await settled(server)
        let before = ProcessUsage.residentBytes(of: server.pid) ?? 0
        StandardError.writeLine(
            "sise bench serve: \(viewers) tabs (\(acting) acting) on \(server.webSocketURL), \(duration) s; "
                + "the server alone used \(NumberFormat.fixed(100 * alone, decimals: 1))% of one core")
        let tabs = try DashboardViewers(count: viewers, url: server.webSocketURL, rows: rows, acting: acting)
        tabs.start()
        defer { tabs.stop() }
        let patience = ContinuousClock.now + .seconds(60)
        while tabs.soFar.firstSnapshots < viewers {
            guard ContinuousClock.now < patience, tabs.soFar.closed == 0 else {
                throw ExchangeError.unavailable(
                    "\(tabs.soFar.firstSnapshots) of \(viewers) tabs had a snapshot within 60 s "
                        + "(\(tabs.soFar.closed) closed)")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        // The burst of connections settles before the window, and the tabs' reader catches up
        // with what queued meanwhile (counted in a window, that backlog read as 17 patches a tab
        // a second where the server sends 10).
        try await Task.sleep(for: .seconds(2))
        try await caughtUp(tabs)
        let startRead = tabs.soFar
        var shares: [Double] = []
        var seconds = 0.0
        for round in 1...rounds {
            let (share, elapsed) = try await window(server)
            shares.append(share)
            seconds += elapsed
            if rounds > 1 {
                StandardError.writeLine(
                    "round \(round): the server used \(NumberFormat.fixed(100 * share, decimals: 1))% of one core")
            }
        }
        let endRead = tabs.soFar
        let cpuShare = shares.median
        let after = ProcessUsage.residentBytes(of: server.pid) ?? 0
        let tabSeconds = Double(viewers) * seconds
        let bytesPerTab = Double(endRead.bytes - startRead.bytes) / tabSeconds
        let patchesPerTab = Double(endRead.patches - startRead.patches) / tabSeconds
        let kilobytesPerTab = Double(max(0, after - before)) / 1024 / Double(viewers)
        let gaps = endRead.gaps
        StandardError.writeLine(
            "server: \(NumberFormat.fixed(100 * cpuShare, decimals: 1))% of one core"
                + (rounds > 1 ? " (the median of \(rounds) rounds)" : "") + ", RSS "
                + "\(NumberFormat.fixed(Double(before) / 1_048_576, decimals: 1)) MB before the tabs, "
                + "\(NumberFormat.fixed(Double(after) / 1_048_576, decimals: 1)) MB with them; each tab "
                + "\(NumberFormat.fixed(patchesPerTab, decimals: 1)) patches and "
                + "\(NumberFormat.fixed(bytesPerTab, decimals: 0)) bytes a second; \(gaps) gaps, "
                + "\(endRead.closed) tabs closed")
        try StandardOutput.writeLine(
            "viewers=\(viewers) cpu_percent=\(NumberFormat.machine(100 * cpuShare, decimals: 1)) "
                + "kb_per_viewer=\(NumberFormat.machine(kilobytesPerTab, decimals: 1)) "
                + "bytes_per_viewer_s=\(Int(bytesPerTab.rounded())) "
                + "patches_per_viewer_s=\(NumberFormat.machine(patchesPerTab, decimals: 2)) gaps=\(gaps)"
                + (acting > 0 ? " acting=\(acting)" : ""))
    }

    /// One window of `--duration`: the server's CPU time as a share of one core, and the seconds
    /// it lasted.
    private func window(_ server: ServeProcess) async throws -> (share: Double, seconds: Double) {
        let start = ContinuousClock.now
        let startCPU = ProcessUsage.cpuSeconds(of: server.pid) ?? 0
        try await Task.sleep(for: .milliseconds(Int(duration * 1000)))
        let cpu = (ProcessUsage.cpuSeconds(of: server.pid) ?? 0) - startCPU
        let elapsed = start.duration(to: .now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return (cpu / seconds, seconds)
    }

    /// Waits (at most 20 s) until the tabs read no more patches a second than the server sends
    /// (at most one a tab a frame, ten a second): the reader no longer working through a backlog.
    private func caughtUp(_ tabs: DashboardViewers) async throws {
        let patience = ContinuousClock.now + .seconds(20)
        var previous = tabs.soFar.patches
        while ContinuousClock.now < patience {
            try await Task.sleep(for: .seconds(1))
            let now = tabs.soFar.patches
            if Double(now - previous) <= Double(viewers) * 10.5 { return }
            previous = now
        }
    }

    /// Waits (up to `--settle` seconds) until the server uses less than ``settledShare`` of a core
    /// over a ``settleWindow``; returns its share over the last window.
    private func settled(_ server: ServeProcess) async throws -> Double {
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int(settle * 1000))
        let window = Double(Self.settleWindow.components.seconds)
        while true {
            let start = ProcessUsage.cpuSeconds(of: server.pid) ?? 0
            try await Task.sleep(for: Self.settleWindow)
            let share = ((ProcessUsage.cpuSeconds(of: server.pid) ?? 0) - start) / window
            if share < Self.settledShare || clock.now >= deadline { return share }
        }
    }
}

/// `sise serve --port 0` on the embedded simulator, in a child process of this same executable,
/// with a throwaway database.
final class ServeProcess: Sendable {
    private let process: Process
    /// The dashboard's WebSocket, `ws://127.0.0.1:PORT/ws`.
    let webSocketURL: URL
    private let directory: URL

    var pid: Int32 { process.processIdentifier }

    private init(process: Process, webSocketURL: URL, directory: URL) {
        self.process = process
        self.webSocketURL = webSocketURL
        self.directory = directory
    }

    /// Starts the child and waits (up to 60 s) for it to print its address.
    static func start() throws -> ServeProcess {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sise-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        do {
            let (process, url) = try ChildProcess.start(
                ["serve", "--port", "0", "--db", directory.appendingPathComponent("sise.sqlite").path],
                reading: .output, what: "sise serve", until: webSocketURL(in:))
            return ServeProcess(process: process, webSocketURL: url, directory: directory)
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
    }

    /// `ws://127.0.0.1:PORT/ws` from the line `sise serve: http://127.0.0.1:PORT/ (Ctrl-C stops)`.
    static func webSocketURL(in text: String) -> URL? {
        guard let start = text.range(of: "http://"), let end = text[start.upperBound...].firstIndex(of: "/") else {
            return nil
        }
        return URL(string: "ws://" + text[start.upperBound..<end] + "/ws")
    }

    func stop() {
        process.stop(name: "sise serve")
        try? FileManager.default.removeItem(at: directory)
    }
}
