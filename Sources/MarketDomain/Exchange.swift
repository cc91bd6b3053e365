/// An exchange Sise can show, named as on the command line (`--exchange upbit`).
public enum Exchange: String, Sendable, Hashable, Codable, CaseIterable {
    case upbit

    /// The name shown to people.
    public var displayName: String {
        switch self {
        case .upbit: "Upbit"
        }
    }
}
