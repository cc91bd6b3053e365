extension Array where Element == Double {
    /// The middle value once sorted (the mean of the two middle ones for an even count), 0 for
    /// none: what each benchmark reports of its rounds, steadier on a shared machine than a mean.
    var median: Double {
        let sorted = sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
