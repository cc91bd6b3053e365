public import MarketDomain

/// Colours by meaning. Korean convention by default: red up, blue down; `--colors global`
/// swaps to green up, red down. Under `NO_COLOR` the writer drops colours, styles stay.
public struct Theme: Sendable, Equatable {
    /// The colour convention.
    public enum Convention: String, Sendable, CaseIterable {
        /// Red up, blue down (Korean exchanges).
        case korean
        /// Green up, red down.
        case global
    }

    public var convention: Convention

    /// Makes a theme.
    public init(convention: Convention = .korean) {
        self.convention = convention
    }

    /// The text colour of a direction.
    public func color(_ direction: ChangeDirection) -> TextStyle.Color {
        switch (direction, convention) {
        case (.rise, .korean): .red
        case (.fall, .korean): .blue
        case (.rise, .global): .green
        case (.fall, .global): .red
        case (.even, _): .gray
        }
    }

    /// The style of a number moving in a direction.
    public func style(_ direction: ChangeDirection) -> TextStyle {
        TextStyle(foreground: color(direction))
    }

    /// The style of a cell that flashes after a price change.
    public func flash(_ direction: ChangeDirection) -> TextStyle {
        TextStyle(foreground: .white, background: color(direction), bold: true)
    }

    /// The style of a book's size that just changed: quiet, as the exchanges outline the cell
    /// briefly — bold and underlined in the direction's colour, no background.
    public func levelFlash(_ direction: ChangeDirection) -> TextStyle {
        TextStyle(foreground: color(direction), bold: true, underline: true)
    }

    public static let title = TextStyle(foreground: .cyan, bold: true)
    public static let activeTab = TextStyle(bold: true, reverse: true)
    public static let inactiveTab = TextStyle(foreground: .gray)
    public static let header = TextStyle(bold: true)
    /// The selected row: a grey band under its own colours (reverse video read as a flash that
    /// never ended, issue 65); without colours the writer shows a background as reverse video.
    public static let selected = TextStyle(background: selectedBackground)
    static let selectedBackground = TextStyle.Color.palette(238)

    /// `style` on a selected row's band when `isSelected` (a style with a background of its own,
    /// a flash, keeps it).
    public static func selecting(_ style: TextStyle, _ isSelected: Bool) -> TextStyle {
        guard isSelected, style.background == nil else { return style }
        var selected = style
        selected.background = selectedBackground
        return selected
    }
    public static let statusBar = TextStyle(foreground: .black, background: .white)
    public static let hint = TextStyle(foreground: .gray)
    public static let toast = TextStyle(foreground: .black, background: .yellow, bold: true)
    /// An alert's notice: white on red, whatever the colour convention.
    public static let alert = TextStyle(foreground: .white, background: .red, bold: true)
    public static let star = TextStyle(foreground: .yellow)
}
