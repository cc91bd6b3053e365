/// A key press, as the app reacts to it.
public enum Key: Sendable, Hashable {
    case character(Character)
    case up, down, left, right
    /// Shift-← and Shift-→.
    case shiftLeft, shiftRight
    case pageUp, pageDown, home, end
    case enter, escape, tab, backTab, backspace, delete
    /// Ctrl-C, read as a key in raw mode.
    case interrupt
}
