/// Waiting for something asynchronous with a generous deadline instead of a fixed sleep, so tests
/// over loopback pass on a busy machine and fail (rather than hang) when the thing never happens.
public struct DeadlineExceeded: Error, CustomStringConvertible {
    public let seconds: Double
    public let what: String
    public var description: String { "\(what) did not happen within \(seconds) s" }
}

/// Runs `body`, failing with ``DeadlineExceeded`` if it takes longer than `seconds`.
public func withDeadline<Result: Sendable>(
    seconds: Double = 20, _ what: String = "the awaited event",
    _ body: @escaping @Sendable () async throws -> Result
) async throws -> Result {
    try await withThrowingTaskGroup(of: Result?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let result = first else {
            throw DeadlineExceeded(seconds: seconds, what: what)
        }
        return result
    }
}

/// Polls `condition` every 20 ms until it holds, failing after `seconds`.
public func waitUntil(
    seconds: Double = 20, _ what: String = "the condition", _ condition: @escaping @Sendable () async -> Bool
) async throws {
    try await withDeadline(seconds: seconds, what) {
        while !(await condition()) {
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
