import MarketDomain
import Testing

@testable import ExchangeSimulator

/// The warnings, cautions and new listings a simulated venue gives out (issue 28, point 6).
@Suite struct SimulatedNoticesTests {
    private let start: Int64 = 1_795_615_200_000

    private func venue(_ exchange: Exchange = .upbit) throws -> SimulatedVenue {
        try ExchangeSimulator(configuration: SimulatorConfiguration(), now: { start }).venue(exchange)
    }

    @Test func aFewMarketsAreUnderALasting유의AndCautionsComeAndGoEveryFiveMinutes() throws {
        let venue = try venue()
        let lasting = venue.lastingWarnings()
        #expect(!lasting.isEmpty && lasting.count < venue.markets.count / 20)
        let notices = venue.notices
        for id in lasting {
            #expect(notices.flags(of: id, on: .upbit, at: start).warning)
            #expect(notices.flags(of: id, on: .upbit, at: start + 86_400_000).warning)
        }
        func cautioned(at time: Int64) -> Set<MarketID> {
            Set(
                venue.markets.map(\.id).filter { id in
                    let flags = notices.flags(of: id, on: .upbit, at: time)
                    return !flags.warning && flags.cautions.values.contains(true)
                })
        }
        let now = cautioned(at: start)
        let later = cautioned(at: start + SimulatedNotices.cautionPeriod)
        #expect(!now.isEmpty && !later.isEmpty && now != later)
        #expect(
            now == cautioned(at: start + SimulatedNotices.cautionPeriod - 1 - start % SimulatedNotices.cautionPeriod))
        // As the client reads them: 주의 with one of Upbit's reasons.
        let id = try #require(now.first)
        let flags = notices.flags(of: id, on: .upbit, at: start)
        let warning = MarketWarning.upbit(warning: flags.warning, cautions: flags.cautions)
        #expect(warning?.level == .caution && warning?.reasons.count == 1)
    }

    @Test func heldBackMarketsAreListedOneByOneTenMinutesApart() throws {
        let venue = try venue()
        let held = venue.heldBackMarkets
        #expect(held.count >= 2)
        let listedAtStart = Set(venue.markets(at: start).map(\.id))
        #expect(held.allSatisfy { !listedAtStart.contains($0) })
        #expect(listedAtStart.count == venue.markets.count - held.count)
        let afterTen = Set(venue.markets(at: start + SimulatedNotices.listingInterval).map(\.id))
        #expect(afterTen.subtracting(listedAtStart) == [held[0]])
        let afterAll = venue.markets(at: start + Int64(held.count) * SimulatedNotices.listingInterval)
        #expect(afterAll.count == venue.markets.count)
    }
}
