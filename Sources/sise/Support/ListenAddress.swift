import Foundation
import WebDashboard

/// Checks a `--host` before anything starts: an IPv4 or IPv6 literal, or a name this machine
/// resolves. A bad one is a usage error, said in one line.
enum ListenAddress {
    /// Why `host` cannot be listened on, or `nil` when it can.
    static func problem(with host: String) -> String? {
        if DashboardHosts.isIPv4Literal(host) || DashboardHosts.isIPv6Literal(host) { return nil }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        let isName =
            host.utf8.count <= 253
            && labels.allSatisfy { label in
                (1...63).contains(label.utf8.count) && label.first != "-" && label.last != "-"
                    && label.unicodeScalars.allSatisfy {
                        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-")
                    }
            }
        guard isName else { return "--host must be an IP address or a host name, not '\(host)'." }
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &found)
        if let found { freeaddrinfo(found) }
        guard status == 0 else { return "--host '\(host)' does not name an address of this machine." }
        return nil
    }
}
