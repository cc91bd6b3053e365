/// The lowest and highest price of a market over the last window of time, kept as two monotonic
/// queues: each price is added and dropped once, so a tick costs O(1) on average.
struct WindowExtremes: Sendable {
    /// The window's length in milliseconds.
    let length: Int64
    private var lows: Queue = Queue()
    private var highs: Queue = Queue()

    /// A window of `length` milliseconds.
    init(length: Int64) {
        self.length = length
    }

    /// The lowest price in the window (the newest included).
    var low: Double? { lows.first?.price }
    /// The highest price in the window (the newest included).
    var high: Double? { highs.first?.price }

    /// Adds a price at `time` and forgets what is older than the window.
    mutating func add(_ price: Double, at time: Int64) {
        lows.push(price, at: time, keeping: { $0 < price })
        highs.push(price, at: time, keeping: { $0 > price })
        lows.drop(before: time - length)
        highs.drop(before: time - length)
    }

    /// Prices and times in order of time, each kept while a newer one does not beat it.
    private struct Queue: Sendable {
        private var items: [(time: Int64, price: Double)] = []
        private var head = 0

        var first: (time: Int64, price: Double)? { head < items.count ? items[head] : nil }

        mutating func push(_ price: Double, at time: Int64, keeping: (Double) -> Bool) {
            while items.count > head, let last = items.last, !keeping(last.price) { items.removeLast() }
            items.append((time, price))
        }

        mutating func drop(before time: Int64) {
            // The newest is never dropped, so the window always has a price.
            while head < items.count - 1, items[head].time < time { head += 1 }
            if head > 64, head * 2 > items.count {
                items.removeFirst(head)
                head = 0
            }
        }
    }
}
