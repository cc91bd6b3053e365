/// A key press, as the app reacts to it: read from a terminal's bytes or sent by a browser tab by
/// its DOM name (`"ArrowDown"`, `"Shift+Tab"`, `"j"`). ``KeyTable`` says what it means.
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

extension Key: Codable {
    /// Every key that is not one character, by the name a browser gives it (`KeyboardEvent.key`,
    /// with `Shift+` where Shift changes what it means).
    static let names: [String: Key] = [
        "ArrowUp": .up, "ArrowDown": .down, "ArrowLeft": .left, "ArrowRight": .right,
        "Shift+ArrowLeft": .shiftLeft, "Shift+ArrowRight": .shiftRight,
        "PageUp": .pageUp, "PageDown": .pageDown, "Home": .home, "End": .end,
        "Enter": .enter, "Escape": .escape, "Tab": .tab, "Shift+Tab": .backTab,
        "Backspace": .backspace, "Delete": .delete, "Ctrl+C": .interrupt,
    ]

    /// The key a browser names `name`: one character, or one of ``names``; `nil` for any other.
    public init?(name: String) {
        if let key = Self.names[name] {
            self = key
        } else if name.count == 1, let character = name.first, !character.isNewline {
            self = .character(character)
        } else {
            return nil
        }
    }

    /// The key's name as a browser gives it.
    public var name: String {
        if case .character(let character) = self { return String(character) }
        return Self.names.first { $0.value == self }?.key ?? ""
    }

    public init(from decoder: any Decoder) throws {
        let name = try decoder.singleValueContainer().decode(String.self)
        guard let key = Key(name: name) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription:
                        "\"\(name.prefix(40))\" is not a key: one character or a name such as \"ArrowDown\""))
        }
        self = key
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
