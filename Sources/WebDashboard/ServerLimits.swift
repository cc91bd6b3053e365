/// What `sise serve` holds open, and for how long: a connection must send its first request head
/// within ``headTimeout`` (or it is answered 408 and closed), a kept-alive HTTP connection that
/// stays quiet for ``idleTimeout`` is closed, and no more than ``maximumConnections`` are open at
/// once (past it, the connection that has waited longest without a request head makes room; with
/// none such, the newcomer is closed). The cap follows the process's descriptor limit, well under
/// it, so a flood of idle connections can never take the descriptors the server itself needs.
public struct ServerLimits: Sendable, Equatable {
    public var headTimeout: Duration
    public var idleTimeout: Duration
    public var maximumConnections: Int
    /// The longest request head read; a longer one is answered 431.
    public var maximumHeadSize: Int

    /// Limits of these values.
    public init(headTimeout: Duration, idleTimeout: Duration, maximumConnections: Int, maximumHeadSize: Int = 16 * 1024)
    {
        self.headTimeout = headTimeout
        self.idleTimeout = idleTimeout
        self.maximumConnections = max(1, maximumConnections)
        self.maximumHeadSize = maximumHeadSize
    }

    /// The limits for a process that may hold `descriptorLimit` descriptors: 256 are kept for
    /// everything else (the store, the exchanges' feeds, the embedded simulator), and at most
    /// three quarters of the limit go to connections (65,536 at most).
    public static func forDescriptorLimit(_ descriptorLimit: Int) -> ServerLimits {
        let connections = min(descriptorLimit - 256, descriptorLimit * 3 / 4, 65_536)
        return ServerLimits(
            headTimeout: .seconds(10), idleTimeout: .seconds(60), maximumConnections: max(16, connections))
    }
}
