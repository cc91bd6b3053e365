extension OrderBook {
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
