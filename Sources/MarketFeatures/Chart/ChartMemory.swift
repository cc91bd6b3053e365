import Foundation
public import MarketDomain

/// The price chart as last used (issue 65): its interval, studies and zoom, kept in the
/// preference store so that the next coin opened, and the next start, draws the same chart.
public struct ChartMemory: Sendable, Equatable, Codable {
    public var interval: CandleInterval
    public var studies: ChartStudies
    /// Candles shown at most (the zoom).
    public var count: Int

    /// The memory of a chart showing these.
    public init(interval: CandleInterval, studies: ChartStudies, count: Int) {
        self.interval = interval
        self.studies = studies
        self.count = count
    }

    /// Where the store keeps it.
    static let key = "detail.chart"

    /// The chart last used, or nil (none kept, or unreadable text: the defaults then).
    static func load(from store: PreferenceStore) -> ChartMemory? {
        guard let text = try? store.setting(key), let data = text.data(using: .utf8),
            var memory = try? JSONDecoder().decode(ChartMemory.self, from: data)
        else { return nil }
        // Clamped where it enters: a count written by hand or an older version stays in range.
        memory.count = min(max(memory.count, ChartWindow.countRange.lowerBound), ChartWindow.countRange.upperBound)
        return memory
    }

    /// Keeps it (a store that cannot write loses it, and says so on its next write elsewhere).
    func save(to store: PreferenceStore) {
        guard let data = try? JSONEncoder().encode(self), let text = String(data: data, encoding: .utf8) else { return }
        try? store.saveSetting(Self.key, text)
    }
}
