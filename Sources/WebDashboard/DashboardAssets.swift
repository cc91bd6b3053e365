import Foundation

/// The page and its assets (HTML, CSS, plain JavaScript modules: no build step, no CDN), read
/// once from the package's resources.
struct DashboardAssets: Sendable {
    /// One file as it is served.
    struct Asset: Sendable {
        var contentType: String
        var bytes: [UInt8]
    }

    /// By the path it is served at.
    let byPath: [String: Asset]

    /// The files served, the page at `/`.
    static let files: [(path: String, name: String, contentType: String)] = [
        ("/", "index.html", "text/html; charset=utf-8"),
        ("/app.js", "app.js", "text/javascript; charset=utf-8"),
        ("/alerts.js", "alerts.js", "text/javascript; charset=utf-8"),
        ("/board.js", "board.js", "text/javascript; charset=utf-8"),
        ("/chart.js", "chart.js", "text/javascript; charset=utf-8"),
        ("/columns.js", "columns.js", "text/javascript; charset=utf-8"),
        ("/pricechart.js", "pricechart.js", "text/javascript; charset=utf-8"),
        ("/depth.js", "depth.js", "text/javascript; charset=utf-8"),
        ("/dom.js", "dom.js", "text/javascript; charset=utf-8"),
        ("/detail.js", "detail.js", "text/javascript; charset=utf-8"),
        ("/screen.js", "screen.js", "text/javascript; charset=utf-8"),
        ("/watchlist.js", "watchlist.js", "text/javascript; charset=utf-8"),
        ("/style.css", "style.css", "text/css; charset=utf-8"),
        ("/repo-search", "repo-search.html", "text/html; charset=utf-8"),
        ("/numbers", "numbers.html", "text/html; charset=utf-8"),
        ("/examples.js", "examples.js", "text/javascript; charset=utf-8"),
    ]

    /// Reads every file; a missing one is an error that names it.
    static func load() throws -> DashboardAssets {
        var byPath: [String: Asset] = [:]
        for file in files {
            guard let dot = file.name.lastIndex(of: "."),
                let url = Bundle.module.url(
                    forResource: String(file.name[..<dot]),
                    withExtension: String(file.name[file.name.index(after: dot)...]),
                    subdirectory: "Resources")
            else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: file.name])
            }
            byPath[file.path] = Asset(contentType: file.contentType, bytes: Array(try Data(contentsOf: url)))
        }
        return DashboardAssets(byPath: byPath)
    }
}
