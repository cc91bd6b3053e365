/// How a cell is drawn: colours by meaning are mapped to these by the widgets.
public struct TextStyle: Hashable, Sendable {
    /// A terminal colour.
    public enum Color: Hashable, Sendable {
        case black, red, green, yellow, blue, magenta, cyan, white
        /// The bright grey used for secondary text.
        case gray
        /// One of the 256-colour palette.
        case palette(UInt8)
    }

    public var foreground: Color?
    public var background: Color?
    public var bold: Bool
    public var dim: Bool
    public var reverse: Bool
    public var underline: Bool

    /// Makes a style; the default is the terminal's own.
    public init(
        foreground: Color? = nil, background: Color? = nil, bold: Bool = false, dim: Bool = false,
        reverse: Bool = false, underline: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }

    /// The terminal's default style.
    public static let plain = TextStyle()
}
