import ArgumentParser
import Exchanges
import Foundation
import MarketDomain

/// `sise simulate --rate 0` in a child process of this same executable, on free loopback ports.
final class FirehoseProcess: Sendable {
    private let process: Process
    /// The Upbit dialect's REST base URL.
    let baseURL: String

    private init(process: Process, baseURL: String) {
        self.process = process
        self.baseURL = baseURL
    }

    /// Starts the child and waits (up to 60 s) for it to say where Upbit's dialect listens.
    static func start(markets: Int) throws -> FirehoseProcess {
        let (process, url) = try ChildProcess.start(
            ["simulate", "--rate", "0", "--markets", "\(markets)", "--port", "0", "--rest-limit", "0"],
            reading: .error, what: "the simulator", until: upbitURL(in:))
        return FirehoseProcess(process: process, baseURL: url)
    }

    /// `http://127.0.0.1:PORT` from the line `sise simulate: Upbit on http://127.0.0.1:PORT (WebSocket …)`.
    static func upbitURL(in text: String) -> String? {
        for line in text.split(separator: "\n") where line.contains("Upbit on http://") {
            guard let start = line.range(of: "http://") else { continue }
            let url = line[start.lowerBound...].prefix { $0 != " " }
            return String(url)
        }
        return nil
    }

    func stop() {
        process.stop(name: "the simulator")
    }
}

extension FirehoseProcess {
    /// Checks `--markets` and `--base-url` as the benchmarks against a firehose take them.
    static func validate(baseURL: String?, markets: Int) throws {
        guard (1...10_000).contains(markets) else { throw ValidationError("--markets must be between 1 and 10000.") }
        if let baseURL, ExchangeServer(baseURL: baseURL, exchange: .upbit) == nil {
            throw ValidationError(
                "--base-url must be an http:// or https:// URL with a host, e.g. http://127.0.0.1:8080.")
        }
    }

    /// Runs `body` against the Upbit dialect at `baseURL`, or, without one, against a firehose
    /// of `markets` markets started for it and stopped after.
    static func serving(
        baseURL: String?, markets: Int, _ body: (ExchangeServer) async throws -> Void
    ) async throws {
        do {
            let simulator = try baseURL == nil ? FirehoseProcess.start(markets: markets) : nil
            defer { simulator?.stop() }
            guard let url = baseURL ?? simulator?.baseURL, let server = ExchangeServer(baseURL: url, exchange: .upbit)
            else {
                throw ExchangeError.badRequest("--base-url must be an http:// or https:// URL with a host")
            }
            try await body(server)
        }
    }
}
