import MarketDomain
public import MarketFeatures

/// The order book (호가) of the detail view: asks above, highest at the top and the best just
/// over the spread, bids below from the best down; each level's price, size and a bar of its
/// share of the largest, asks in the fall colour and bids in the rise colour (매도 blue, 매수 red
/// by the Korean convention); a size that just changed flashes quietly (bold, underlined).
public struct OrderBookView: Sendable {
    public var theme: Theme

    /// The width the view is drawn at when there is room for it.
    public static let preferredWidth = 46
    /// The width with the running totals' column (누적).
    public static let widthWithTotals = 58

    public init(theme: Theme) {
        self.theme = theme
    }

    /// Draws `depth` into the rectangle: a title row (with the grouping unit while the prices are
    /// grouped), as many levels a side as fit (30 at most) with their running totals (누적) where
    /// the width holds them, the spread between the sides, and the totals under them.
    public func draw(_ depth: DepthOutput, into screen: inout ScreenBuffer, x: Int, y: Int, width: Int, height: Int) {
        guard width >= 24, height >= 5 else { return }
        var titleX = x + screen.write("호가 Order book", x: x, y: y, style: Theme.header)
        if let grouping = depth.grouping {
            titleX += screen.write(
                " · 모아보기 \(grouping)", x: titleX, y: y, style: Theme.header, maxWidth: x + width - titleX)
        }
        if width >= Self.widthWithTotals, !depth.asks.isEmpty || !depth.bids.isEmpty {
            screen.write("누적", x: x + width - 4, y: y, style: Theme.hint)
        }
        if let status = depth.status {
            titleX += screen.write("  " + status, x: titleX, y: y, style: Theme.hint, maxWidth: x + width - titleX)
        }
        // As many as the book has (the spread and the totals right after them), as many as fit.
        let levels = min(DepthOutput.levels, (height - 3) / 2, max(depth.asks.count, depth.bids.count, 1))
        let middle = y + 1 + levels
        for row in 0..<levels {
            // The asks from the levels-th up to the best, top to bottom.
            let index = levels - 1 - row
            if index < depth.asks.count {
                drawLevel(depth.asks[index], side: .fall, into: &screen, x: x, y: y + 1 + row, width: width)
            }
            if row < depth.bids.count {
                drawLevel(depth.bids[row], side: .rise, into: &screen, x: x, y: middle + 1 + row, width: width)
            }
        }
        if !depth.spread.isEmpty {
            screen.write("spread " + depth.spread, x: x + 2, y: middle, style: Theme.hint, maxWidth: width - 2)
        }
        if !depth.totalAskSize.isEmpty {
            let totals = "ask \(depth.totalAskSize)  bid \(depth.totalBidSize)  \(depth.imbalance)"
            screen.write(totals, x: x, y: middle + levels + 1, style: Theme.hint, maxWidth: width)
        }
    }

    private func drawLevel(
        _ level: DepthOutput.Level, side: ChangeDirection, into screen: inout ScreenBuffer, x: Int, y: Int, width: Int
    ) {
        let priceWidth = 15
        let sizeWidth = 12
        let color = theme.style(side)
        screen.write(Self.padded(level.price, priceWidth), x: x, y: y, style: color, maxWidth: priceWidth)
        let sizeStyle = level.flash.map(theme.levelFlash) ?? TextStyle()
        screen.write(Self.padded(level.size, sizeWidth), x: x + priceWidth + 1, y: y, style: sizeStyle)
        var barWidth = width - priceWidth - sizeWidth - 3
        if width >= Self.widthWithTotals, !level.total.isEmpty {
            // The running total sits at the right edge; the bar keeps what is left between.
            barWidth -= sizeWidth + 1
            screen.write(
                Self.padded(level.total, sizeWidth), x: x + width - sizeWidth, y: y, style: Theme.hint)
        }
        guard barWidth > 0, level.share > 0 else { return }
        let filled = max(1, Int((level.share * Double(barWidth)).rounded()))
        screen.write(
            String(repeating: "▇", count: min(filled, barWidth)), x: x + priceWidth + sizeWidth + 3, y: y, style: color)
    }

    /// `text` right-aligned in `width` columns.
    static func padded(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - DisplayWidth.of(text))) + text
    }
}

/// The trade tape (체결) of the detail view: the latest trades, newest at the top, each in its
/// side's colour (a buyer's in the rise colour, a seller's in the fall colour), under 체결강도.
public struct TradeTapeView: Sendable {
    public var theme: Theme

    /// The width the view is drawn at when there is room for it.
    public static let preferredWidth = 38

    public init(theme: Theme) {
        self.theme = theme
    }

    public func draw(_ depth: DepthOutput, into screen: inout ScreenBuffer, x: Int, y: Int, width: Int, height: Int) {
        guard width >= 20, height >= 3 else { return }
        let title = "체결 Trades"
        let titleWidth = screen.write(title, x: x, y: y, style: Theme.header)
        screen.write("  체결강도 \(depth.strength)", x: x + titleWidth, y: y, maxWidth: width - titleWidth)
        for (row, trade) in depth.trades.prefix(height - 1).enumerated() {
            var style = theme.style(trade.side == .buy ? .rise : .fall)
            // A large trade stands out: bold, in reverse.
            if trade.isLarge { (style.bold, style.reverse) = (true, true) }
            let price = OrderBookView.padded(trade.price, 14)
            let size = OrderBookView.padded(trade.size, 12)
            screen.write("\(trade.time) \(price) \(size)", x: x, y: y + 1 + row, style: style, maxWidth: width)
        }
    }
}
