import ExchangeSimulator
import Foundation
import MarketDomain
import MarketStore
import Synchronization

/// From a crossing tick to its line on `sise alerts watch`'s stdout (issue 28's target: ≤ 50 ms
/// at the 99th percentile): a `sise simulate` child trades, an `alerts watch` child follows it
/// with rules that fire often (a 0.01 % move within a minute on every market, re-armed at once),
/// and each line's `at` — the tick's time, stamped by the simulator when it made the tick — is
/// set against the wall clock when the line is read here. So the figure holds the whole way: the
/// simulator's WebSocket, the client's decoding, the board, the evaluator, the store's record of
/// the firing and the write to the pipe.
struct AlertLatency {
    /// The latencies measured, in ms, in the order they came.
    let milliseconds: [Double]

    /// The `fraction` percentile (0.99 for p99), nil without samples.
    func percentile(_ fraction: Double) -> Double? {
        guard !milliseconds.isEmpty else { return nil }
        let sorted = milliseconds.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
    }

    /// Runs the two children for `seconds` with `markets` markets trading `rate` ticks a second.
    static func measure(seconds: Double, markets: Int, rate: Int) throws -> AlertLatency {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sise-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("sise.sqlite").path
        let store = try MarketStore.open(path: database)
        for market in try CoinCatalog.krwMarkets(count: markets) {
            _ = try store.addAlertRule(
                AlertRule(
                    exchange: .upbit, market: market.id,
                    condition: .move(percent: 0.01, window: .oneMinute, direction: .either), rearm: 0))
        }
        let (simulator, url) = try ChildProcess.start(
            ["simulate", "--rate", "\(rate)", "--markets", "\(markets)", "--port", "0", "--rest-limit", "0"],
            reading: .error, what: "the simulator", until: FirehoseProcess.upbitURL(in:))
        defer { simulator.stop(name: "the simulator") }
        let watch = Process()
        watch.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        watch.arguments = ["alerts", "watch", "--format", "ndjson", "--base-url", url, "--db", database]
        let pipe = Pipe()
        watch.standardOutput = pipe
        watch.standardError = FileHandle.nullDevice
        try watch.run()
        defer { watch.stop(name: "alerts watch") }
        let samples = Mutex<[Double]>([])
        let reader = pipe.fileHandleForReading
        Thread.detachNewThread {
            var pending = Data()
            while true {
                let chunk = reader.availableData
                guard !chunk.isEmpty else { return }
                let now = Date().timeIntervalSince1970 * 1000
                pending.append(chunk)
                while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = pending[pending.startIndex..<end]
                    pending.removeSubrange(pending.startIndex...end)
                    if let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any],
                        let at = (object["at"] as? NSNumber)?.doubleValue
                    {
                        samples.withLock { $0.append(now - at) }
                    }
                }
            }
        }
        Thread.sleep(forTimeInterval: seconds)
        // The first firings come as the feed connects and the board fills: left out.
        let all = samples.withLock { $0 }
        return AlertLatency(milliseconds: Array(all.dropFirst(all.count / 10)))
    }
}
