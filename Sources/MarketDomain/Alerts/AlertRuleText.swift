/// A rule as a person types it on the Alerts screen of either face, read into an ``AlertRule``:
///
/// - `KRW-BTC above 150,000,000` or `BTC > 150000000` (a bare symbol is a KRW market);
/// - `KRW-ETH below 4000000` or `ETH < 4000000`;
/// - `XRP +3% 5m`, `XRP -2% 1m`, `XRP 3% 15m` (either way), or in words
///   `KRW-XRP move 3% within 5m up`;
/// - `once` anywhere after the market removes the rule after it first fires.
public enum AlertRuleText {
    /// What the form shows under an empty field.
    public static let example = "KRW-BTC above 150000000 · BTC < 90000000 · XRP +3% 5m · ETH -2% 1m once"

    /// The rule `text` describes, for `exchange`; or why it is not one, in words.
    public static func rule(_ text: String, exchange: Exchange) -> Result<AlertRule, AlertRuleTextError> {
        var words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard !words.isEmpty else { return .failure(AlertRuleTextError("Type a rule, like \(example)")) }
        let symbol = DisplayWidth.sanitized(words.removeFirst().uppercased())
        let market = MarketID(symbol.contains("-") ? symbol : "KRW-" + symbol)
        guard let market else { return .failure(AlertRuleTextError("'\(symbol)' is not a market like KRW-BTC or BTC")) }
        let once = words.contains { $0.lowercased() == "once" }
        words.removeAll { $0.lowercased() == "once" }
        return condition(words, quote: market.quote).map {
            AlertRule(exchange: exchange, market: market, condition: $0, once: once)
        }
    }

    /// The condition in the words after the market.
    static func condition(_ words: [String], quote: String) -> Result<AlertCondition, AlertRuleTextError> {
        guard let first = words.first.map({ DisplayWidth.sanitized($0.lowercased()) }) else {
            return .failure(AlertRuleTextError("Say above, below or a move after the market, like \(example)"))
        }
        switch first {
        case "above", ">", ">=", "below", "<", "<=":
            guard words.count == 2, let level = number(words[1]), level > 0 else {
                return .failure(
                    AlertRuleTextError("'\(first)' needs one positive price after it, like above 150000000"))
            }
            return .success(["above", ">", ">="].contains(first) ? .above(level) : .below(level))
        default:
            return move(words.first?.lowercased() == "move" ? Array(words.dropFirst()) : words)
        }
    }

    /// A move: a percentage (signed for one way), a window and perhaps `up` or `down`.
    private static func move(_ words: [String]) -> Result<AlertCondition, AlertRuleTextError> {
        var percent: Double?
        var window: AlertWindow?
        var direction = MoveDirection.either
        for word in words.map({ DisplayWidth.sanitized($0.lowercased()) }) where word != "within" && word != "in" {
            if let chosen = AlertWindow(rawValue: word) {
                window = chosen
            } else if let chosen = MoveDirection(rawValue: word) {
                direction = chosen
            } else if let (value, sign) = signedPercent(word), percent == nil {
                percent = value
                if let sign { direction = sign }
            } else {
                return .failure(AlertRuleTextError("'\(word)' is not a price rule or a move like +3% 5m"))
            }
        }
        guard let percent, percent > 0, percent < 1000 else {
            return .failure(AlertRuleTextError("A move needs a positive percentage, like +3% 5m"))
        }
        guard let window else { return .failure(AlertRuleTextError("A move needs a window: 1m, 5m or 15m")) }
        return .success(.move(percent: percent, window: window, direction: direction))
    }

    /// `+3%`, `-2.5`, `±1%`, `3`: the number and the way its sign names, if any.
    private static func signedPercent(_ word: String) -> (Double, MoveDirection?)? {
        var text = Substring(word)
        var sign: MoveDirection?
        if let first = text.first, "+-±".contains(first) {
            sign = first == "+" ? .up : first == "-" ? .down : .either
            text = text.dropFirst()
        }
        if text.hasSuffix("%") { text = text.dropLast() }
        return number(String(text)).map { ($0, sign) }
    }

    /// A plain decimal number, with or without thousands commas.
    private static func number(_ text: String) -> Double? {
        let digits = text.filter { $0 != "," && $0 != "_" }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            let value = Double(digits), value.isFinite
        else { return nil }
        return value
    }
}

/// Why typed text is not a rule, in words for the form.
public struct AlertRuleTextError: Error, Equatable, CustomStringConvertible {
    public var description: String

    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
