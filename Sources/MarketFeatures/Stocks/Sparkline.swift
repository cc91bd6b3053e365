/// A row of block characters drawing a series: `▁▂▃▅▇`.
public enum Sparkline {
    static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The series as blocks, one a value, scaled between its lowest and highest.
    public static func text(_ values: [Double]) -> String {
        guard let low = values.min(), let high = values.max() else { return "" }
        let span = high - low
        return String(
            values.map { value in
                span > 0
                    ? blocks[min(blocks.count - 1, Int((value - low) / span * Double(blocks.count - 1) + 0.5))]
                    : blocks[3]
            })
    }
}
