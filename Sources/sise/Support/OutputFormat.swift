import ArgumentParser
import Foundation
import MarketFeatures

/// How `quotes` and `candles` print their rows.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case table
    case json
    case csv
}

/// How `stream` prints its ticks.
enum StreamFormat: String, ExpressibleByArgument, CaseIterable {
    case ndjson
    case table
}

/// The JSON encoder of every command: stable key order, no escaped slashes, UTF-8 names as is.
enum OutputJSON {
    static func encode(_ value: some Encodable, pretty: Bool = false) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted] : [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
