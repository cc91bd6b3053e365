/// The state of a live feed, as the status bar shows it (SPEC §1.9).
public enum ConnectionState: Sendable, Hashable, Codable {
    /// Opening the socket.
    case connecting
    /// Subscribed and receiving data.
    case live
    /// The socket is open but nothing has arrived for too long.
    case stale
    /// The connection was lost; the next attempt starts after `delay`.
    case reconnecting(attempt: Int, delay: Duration)
    /// The feed has stopped and will not reconnect.
    case offline

    /// A short label: `live`, `stale`, `reconnecting in 2s`.
    public var label: String {
        switch self {
        case .connecting: return "connecting"
        case .live: return "live"
        case .stale: return "stale"
        case .reconnecting(_, let delay):
            let seconds = max(
                1, Int((Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18).rounded(.up)))
            return "reconnecting in \(seconds)s"
        case .offline: return "offline"
        }
    }
}
