import Foundation
import SiseSupport

/// Which candles a price chart shows (issue 30): how many at most, and how far back from the
/// newest its right edge is. The page zooms (`count`) and pans (`offset`); the terminal shows as
/// many as its width holds and pans too.
public struct ChartWindow: Sendable, Equatable, Codable {
    /// Candles shown, at most.
    public var count = ChartWindow.defaultCount
    /// Candles between the newest and the right edge: 0 follows the live candle.
    public var offset = 0

    public static let defaultCount = 120
    public static let countRange = 20...1_000

    public init() {}

    /// Zoomed `steps` in (positive: fewer, wider candles) or out, a quarter each step.
    public mutating func zoom(by steps: Int) {
        // In one step of arithmetic, whatever the steps: past 64 a quarter at a time every count
        // is at an end of the range already.
        let factor = steps > 0 ? 0.8 : 1.25
        let next = Double(count) * pow(factor, Double(steps.clamped(to: -64...64).magnitude))
        count = Int(next.rounded().clamped(to: Double(Self.countRange.lowerBound)...Double(Self.countRange.upperBound)))
    }

    /// Panned `candles` back in time (negative: toward the newest), never past the oldest of
    /// `available` candles or before the newest.
    public mutating func pan(by candles: Int, available: Int) {
        offset = min(max(0, available - 1), max(0, offset.adding(saturating: candles)))
    }

    /// The range of candles (of `available`, oldest first) shown in at most `columns`.
    public func shown(available: Int, columns: Int) -> Range<Int> {
        let end = max(0, available - min(offset, max(0, available - 1)))
        let start = max(0, end - max(1, min(count, columns)))
        return start..<end
    }
}
