import Foundation
import HummingbirdCore

/// A request's query read as browsers and HTTP libraries write it
/// (`application/x-www-form-urlencoded`): `+` is a space, `%XX` a byte, and a name may repeat.
///
/// Python's `requests` sends a list as repeated names (`markets=KRW-BTC&markets=KRW-ETH`) and a
/// space as `+` (`to=2026-11-22+12%3A48%3A47`); the exchanges accept both, so the simulator does.
struct FormQuery: Sendable {
    private let pairs: [(name: String, value: String)]

    init(_ uri: URI) {
        self.init(query: uri.query ?? "")
    }

    init(query: String) {
        pairs = query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let value = parts.count > 1 ? Self.decode(parts[1]) : ""
            return (Self.decode(parts[0]), value)
        }
    }

    /// The first value of `name`, as `Parameters.get` gives it.
    func get(_ name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// Every value of `name`, in the order sent.
    func all(_ name: String) -> [String] {
        pairs.filter { $0.name == name }.map(\.value)
    }

    /// A list parameter in either form the exchanges accept: comma-joined, repeated, or both;
    /// empty items are left out.
    func list(_ name: String) -> [String] {
        all(name).flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    private static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
