extension OrderBook {
    /// The units a book of a market quoted in `quote` at `price` can be grouped by (호가 모아보기):
    /// ten, a hundred, … a hundred thousand of its tick, as Upbit's `supported_levels` names them
    /// for a KRW market; none for other quotes, whose ticks the exchanges do not publish.
    public static func groupingUnits(quote: String, price: Double) -> [Double] {
        guard quote == "KRW", price > 0 else { return [] }
        let tick = KRWTickSize.tick(for: price)
        return (1...5).map { (tick * KRWTickSize.power10($0) * 1e9).rounded() / 1e9 }
    }

    /// The book with its prices grouped by `unit` (호가 모아보기): each ask up to the next multiple
    /// of the unit, each bid down to the one below, the sizes of a group summed; the book as it is
    /// for a unit that is not a positive number.
    public func grouped(by unit: Double) -> OrderBook {
        guard unit > 0, unit.isFinite else { return self }
        func multiple(_ price: Double, up: Bool) -> Double {
            let ratio = price / unit
            // A price on a multiple already stays there, whatever the division's last bit says.
            let nearest = ratio.rounded()
            if abs(ratio - nearest) < 1e-9 { return nearest * unit }
            return (up ? ratio.rounded(.up) : ratio.rounded(.down)) * unit
        }
        return OrderBook(
            market: market, timestamp: timestamp,
            asks: asks.map { Level(price: multiple($0.price, up: true), size: $0.size) },
            bids: bids.map { Level(price: multiple($0.price, up: false), size: $0.size) })
    }

    /// Each level's running total from the best price out (누적), in the side's order.
    public static func runningTotals(_ levels: [Level]) -> [Double] {
        var total = 0.0
        return levels.map { level in
            total += level.size
            return total
        }
    }
}
