extension OrderBook {
    /// The units a book of a market quoted in `quote` at `price` can be grouped by (호가 모아보기):
    /// ten, a hundred, … a hundred thousand of its tick, as Upbit's `supported_levels` names them
    /// for a KRW market; none for other quotes, whose ticks the exchanges do not publish.
    public static func groupingUnits(quote: String, price: Double) -> [Double] {
        guard quote == "KRW", price > 0 else { return [] }
        let tick = KRWTickSize.tick(for: price)
        return (1...5).map { (tick * KRWTickSize.power10($0) * 1e9).rounded() / 1e9 }
    }

    /// The units this book can be grouped by: a KRW market's as the exchange names them; any
    /// other's ten, a hundred, a thousand and ten thousand of the tick read off its levels (the
    /// smallest step between two prices, down to a power of ten), none of them above the price.
    public var groupingUnits: [Double] {
        let price = mid ?? asks.first?.price ?? bids.first?.price ?? 0
        guard price > 0 else { return [] }
        if market.quote == "KRW" { return Self.groupingUnits(quote: market.quote, price: price) }
        guard let tick = inferredTick else { return [] }
        return (1...4).map { Self.powerOfTen(tick.exponent + $0) }.filter { $0 <= price }
    }

    /// 10 to the `exponent`, as exact as a double writes it (0.001 divided, not multiplied, out).
    static func powerOfTen(_ exponent: Int) -> Double {
        exponent >= 0 ? KRWTickSize.power10(exponent) : 1 / KRWTickSize.power10(-exponent)
    }

    /// The smallest step between two prices of a side, down to a power of ten; nil for a book
    /// with fewer than two prices on each side.
    var inferredTick: (value: Double, exponent: Int)? {
        var smallest = Double.infinity
        for side in [asks, bids] where side.count > 1 {
            for (one, next) in zip(side, side.dropFirst()) {
                let step = abs(next.price - one.price)
                if step > 0, step < smallest { smallest = step }
            }
        }
        guard smallest.isFinite, smallest >= 1e-12 else { return nil }
        // A step a hair under a power of ten (0.01 read as 0.00999…) still counts as that power.
        let step = smallest * (1 + 1e-6)
        var exponent = 0
        while Self.powerOfTen(exponent) > step { exponent -= 1 }
        while Self.powerOfTen(exponent + 1) <= step { exponent += 1 }
        return (Self.powerOfTen(exponent), exponent)
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
