/// A rule as a person types it on the Alerts screen of either face, read into an ``AlertRule``:
///
/// - `KRW-BTC above 150,000,000` or `BTC > 150000000` (a bare symbol is a KRW market);
/// - `KRW-ETH below 4000000` or `ETH < 4000000`;
/// - `XRP +3% 5m`, `XRP -2% 1m`, `XRP 3% 15m` (either way), or in words
///   `KRW-XRP move 3% within 5m up`;
/// - `BTC trade over 50,000,000` or `BTC trade > 50000000` (one trade worth that much);
/// - `BTC premium above 5`, `BTC premium < -1%` (the premium over Binance, in percent);
/// - `XRP warning` (a new 유의 or 주의), `KRW-NEWC listing` (the exchange lists it); without a
///   market, or with `*` or `any`, a warning or listing rule watches any market of the
///   exchange's quote currency: `warning`, `* listing`;
/// - `once` anywhere after the market removes the rule after it first fires.
public enum AlertRuleText {
    /// What the form shows under an empty field.
    public static let example =
        "KRW-BTC above 150000000 · XRP +3% 5m once · BTC trade over 50000000 · BTC premium above 5 · warning · listing"

    /// The words that name a rule about the market list, which needs no market.
    private static let listWords: Set<String> = ["warning", "warned", "listing", "listed", "new"]

    /// The rule `text` describes, for `exchange`; or why it is not one, in words.
    public static func rule(_ text: String, exchange: Exchange) -> Result<AlertRule, AlertRuleTextError> {
        var words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard !words.isEmpty else { return .failure(AlertRuleTextError("Type a rule, like \(example)")) }
        let once = words.contains { $0.lowercased() == "once" }
        words.removeAll { $0.lowercased() == "once" }
        guard let first = words.first else { return .failure(AlertRuleTextError("Type a rule, like \(example)")) }
        let market: MarketID
        if listWords.contains(first.lowercased()) {
            market = .anyMarket(quote: exchange.quoteCurrency)
        } else {
            let symbol = DisplayWidth.sanitized(words.removeFirst().uppercased())
            if symbol == "*" || symbol == "ANY" {
                market = .anyMarket(quote: exchange.quoteCurrency)
            } else if let id = MarketID(watched: symbol.contains("-") ? symbol : "\(exchange.quoteCurrency)-" + symbol)
            {
                market = id
            } else {
                return .failure(AlertRuleTextError("'\(symbol)' is not a market like KRW-BTC or BTC"))
            }
        }
        return condition(words, quote: market.quote).flatMap { condition in
            guard !market.isAnyMarket || !condition.watchesPrice else {
                return .failure(AlertRuleTextError("Only a warning or a listing rule watches any market"))
            }
            return .success(AlertRule(exchange: exchange, market: market, condition: condition, once: once))
        }
    }

    /// The condition in the words after the market.
    static func condition(_ words: [String], quote: String) -> Result<AlertCondition, AlertRuleTextError> {
        // A condition read is held to the limits the CLI holds it to (issue 63: -1000 % was taken).
        parsedCondition(words, quote: quote).flatMap { condition in
            condition.numberRefusal.map { .failure(AlertRuleTextError($0)) } ?? .success(condition)
        }
    }

    private static func parsedCondition(_ words: [String], quote: String) -> Result<AlertCondition, AlertRuleTextError>
    {
        guard let first = words.first.map({ DisplayWidth.sanitized($0.lowercased()) }) else {
            return .failure(
                AlertRuleTextError("Say above, below, a move, trade, premium, warning or listing after the market"))
        }
        switch first {
        case "above", ">", ">=", "below", "<", "<=":
            guard words.count == 2, let level = number(words[1]), level > 0 else {
                return .failure(
                    AlertRuleTextError("'\(first)' needs one positive price after it, like above 150000000"))
            }
            return .success(["above", ">", ">="].contains(first) ? .above(level) : .below(level))
        case "warning", "warned", "listing", "listed", "new":
            let kind = words.map { DisplayWidth.sanitized($0.lowercased()) }.filter { $0 != "new" }
            switch kind {
            case ["warning"], ["warned"]: return .success(.warning)
            case ["listing"], ["listed"]: return .success(.listing)
            default: return .failure(AlertRuleTextError("Say warning or listing, like XRP warning or listing"))
            }
        case "trade":
            let rest = Array(words.dropFirst()).filter { !["over", ">", ">=", "of"].contains($0.lowercased()) }
            guard rest.count == 1, let value = number(rest[0]), value > 0 else {
                return .failure(AlertRuleTextError("'trade' needs one positive amount, like trade over 50000000"))
            }
            return .success(.tradeOver(value))
        case "premium", "kimp", "김프":
            let rest = Array(words.dropFirst())
            guard rest.count == 2, let way = rest.first.map({ $0.lowercased() }),
                ["above", ">", ">=", "below", "<", "<="].contains(way),
                let (value, sign) = signedPercent(rest[1]), sign != .either, value <= 1000
            else {
                return .failure(
                    AlertRuleTextError("'premium' needs above or below and a percentage, like premium above 5"))
            }
            let percent = sign == .down ? -value : value
            return .success(["above", ">", ">="].contains(way) ? .premiumAbove(percent) : .premiumBelow(percent))
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
