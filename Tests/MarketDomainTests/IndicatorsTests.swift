import Foundation
import MarketDomain
import Testing

/// The indicators pinned to a reference implementation (issue 30): 300 seeded closes and what the
/// `ta` library computes over them, written once by `scripts/indicator-fixture.py` and kept in
/// `Fixtures/indicators.json`.
@Suite struct IndicatorsTests {
    struct Fixture: Decodable {
        let closes: [Double]
        let sma20: [Double?]
        let ema20: [Double?]
        let bollingerMiddle: [Double?]
        let bollingerUpper: [Double?]
        let bollingerLower: [Double?]
        let rsi14: [Double?]
        let macd: [Double?]
        let macdSignal: [Double?]
        let macdHistogram: [Double?]
    }

    private static func fixture() throws -> Fixture {
        let url = try #require(
            Bundle.module.url(forResource: "indicators", withExtension: "json", subdirectory: "Fixtures"))
        return try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
    }

    /// Both undefined at the same closes, and equal to a part in ten billion (of the price) where defined.
    private static func expectMatches(_ ours: [Double?], _ reference: [Double?], scale: Double, _ name: String) {
        #expect(ours.count == reference.count, "\(name): length")
        for (index, (mine, theirs)) in zip(ours, reference).enumerated() {
            switch (mine, theirs) {
            case (nil, nil): continue
            case (let mine?, let theirs?):
                #expect(abs(mine - theirs) <= scale * 1e-10, "\(name)[\(index)]: \(mine) ≠ \(theirs)")
            default:
                Issue.record(
                    "\(name)[\(index)]: \(String(describing: mine)) where the reference has \(String(describing: theirs))"
                )
            }
        }
    }

    @Test func movingAveragesAndBollingerBandsMatchTheReference() throws {
        let fixture = try Self.fixture()
        let scale = fixture.closes.max() ?? 1
        Self.expectMatches(
            Indicators.simpleMovingAverage(fixture.closes, period: 20), fixture.sma20, scale: scale, "SMA 20")
        Self.expectMatches(
            Indicators.exponentialMovingAverage(fixture.closes, period: 20), fixture.ema20, scale: scale, "EMA 20")
        let bands = Indicators.bollingerBands(fixture.closes)
        Self.expectMatches(bands.map { $0?.middle }, fixture.bollingerMiddle, scale: scale, "BB middle")
        Self.expectMatches(bands.map { $0?.upper }, fixture.bollingerUpper, scale: scale, "BB upper")
        Self.expectMatches(bands.map { $0?.lower }, fixture.bollingerLower, scale: scale, "BB lower")
    }

    @Test func rsiAndMACDMatchTheReference() throws {
        let fixture = try Self.fixture()
        Self.expectMatches(Indicators.relativeStrengthIndex(fixture.closes), fixture.rsi14, scale: 100, "RSI 14")
        let scale = fixture.closes.max() ?? 1
        let macd = Indicators.macd(fixture.closes)
        Self.expectMatches(macd.line, fixture.macd, scale: scale, "MACD")
        Self.expectMatches(macd.signal, fixture.macdSignal, scale: scale, "MACD signal")
        Self.expectMatches(macd.histogram, fixture.macdHistogram, scale: scale, "MACD histogram")
    }

    @Test func aSeriesThatOnlyRisesHasAnRSIOfAHundred() {
        let rising = (1...30).map(Double.init)
        let rsi = Indicators.relativeStrengthIndex(rising)
        #expect(rsi.prefix(13).allSatisfy { $0 == nil })
        #expect(rsi.dropFirst(13).allSatisfy { $0 == 100 })
        #expect(Indicators.simpleMovingAverage([], period: 20).isEmpty)
    }
}
