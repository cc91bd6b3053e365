public import ArgumentParser
import HeadlessOutput
public import MarketDomain
import MarketStore

/// `sise alerts add MARKET --above P | --below P | --move PCT --within W [--up|--down] |
/// --trade-over KRW | --premium-above PCT | --premium-below PCT | --warning | --listing`.
struct AddAlert: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a rule: a price crossing a level, a move within a window, a large trade, the premium "
            + "crossing a level, a new warning or a new listing.",
        discussion: """
            A level fires when the price crosses it in that direction; a rule made while the price is \
            already past it waits for a crossing. After firing, the price must go back past the level \
            by the re-arm band (--rearm, 0.5 % by default; percentage points for a premium) before the \
            rule can fire again. --trade-over fires on each trade worth that much (price × size). \
            --premium-above/--premium-below watch the premium over Binance in percent, as the Compare \
            tab shows it. --warning fires when the exchange raises 유의 or 주의 on the market, --listing \
            when it lists the market; for these two the market may be left out (or given as '*' or \
            KRW-*) to watch any market.
            """)

    @OptionGroup var exchangeOptions: ExchangeOptions
    @OptionGroup var storeOptions: StoreOptions
    @Argument(help: "The market, as KRW-BTC or BTC ('*' or KRW-* for any, with --warning or --listing).")
    var market: String?
    @Option(parsing: .unconditional, help: "Fire when the price rises to this level.") var above: Double?
    @Option(parsing: .unconditional, help: "Fire when the price falls to this level.") var below: Double?
    @Option(parsing: .unconditional, help: "Fire when the price moves this many percent within --within.") var move:
        Double?
    @Option(help: "The move's window: 1m, 5m or 15m.") var within: AlertWindow?
    @Flag(help: "Only a rise (from the window's low).") var up = false
    @Flag(help: "Only a fall (from the window's high).") var down = false
    @Option(
        name: .customLong("trade-over"), parsing: .unconditional,
        help: "Fire on each trade worth at least this much (price × size).")
    var tradeOver: Double?
    @Option(
        name: .customLong("premium-above"), parsing: .unconditional,
        help: "Fire when the premium over Binance rises to this percent.")
    var premiumAbove: Double?
    @Option(
        name: .customLong("premium-below"), parsing: .unconditional,
        help: "Fire when the premium over Binance falls to this percent.")
    var premiumBelow: Double?
    @Flag(help: "Fire when the exchange raises 유의 or 주의 on the market (or a stronger one).") var warning = false
    @Flag(help: "Fire when the exchange lists the market (any new market when none is given).") var listing = false
    @Option(help: "The re-arm band, in percent.") var rearm = 0.5
    @Option(help: "The least seconds between two firings.") var cooldown = 0
    @Flag(help: "Remove the rule after it first fires.") var once = false
    @Option(help: "A note shown with each firing.") var note = ""

    func validate() throws {
        try exchangeOptions.requireExchange()
        let condition = try condition()
        let id = try watchedMarket(for: condition)
        // A refusal that needs no market list is said before any request.
        let rule = AlertRule(exchange: exchangeOptions.exchange, market: id, condition: condition)
        if let refusal = rule.refusal(isListed: condition != .listing) { throw ValidationError(refusal + ".") }
        guard rearm.isFinite, (0..<50).contains(rearm) else {
            throw ValidationError("--rearm must be a percentage from 0 to under 50.")
        }
        guard (0...86_400 * 7).contains(cooldown) else {
            throw ValidationError("--cooldown must be between 0 and 604800 seconds.")
        }
        guard note.count <= 200 else { throw ValidationError("--note must be at most 200 characters.") }
    }

    /// The market the rule watches: the argument, or any market of the exchange's quote
    /// currency for a warning or listing rule without one (or with `*`).
    func watchedMarket(for condition: AlertCondition) throws -> MarketID {
        let exchange = exchangeOptions.exchange
        guard let market, market != "*" else {
            guard !condition.watchesPrice else { throw ValidationError("Give the market, as KRW-BTC or BTC.") }
            return .anyMarket(quote: exchange.quoteCurrency)
        }
        if let any = MarketID(watched: market), any.isAnyMarket {
            guard !condition.watchesPrice else { throw ValidationError("'\(market)' names no one market.") }
            return any
        }
        return try MarketArguments.parse([market], exchange: exchange)[0]
    }

    /// The condition the options name: exactly one kind.
    func condition() throws -> AlertCondition {
        let condition = try chosenCondition()
        if let refusal = condition.numberRefusal { throw ValidationError(refusal + ".") }
        return condition
    }

    private func chosenCondition() throws -> AlertCondition {
        let chosen = [
            above != nil, below != nil, move != nil, tradeOver != nil, premiumAbove != nil, premiumBelow != nil,
            warning, listing,
        ].filter { $0 }.count
        guard chosen == 1 else {
            throw ValidationError(
                "Give exactly one of --above, --below, --move, --trade-over, --premium-above, --premium-below, "
                    + "--warning and --listing.")
        }
        if move == nil {
            guard !up, !down, within == nil else {
                throw ValidationError("--within, --up and --down go with --move only.")
            }
        }
        if let level = above ?? below {
            guard level.isFinite, level > 0 else { throw ValidationError("The level must be a positive price.") }
            return above != nil ? .above(level) : .below(level)
        }
        if let tradeOver {
            guard tradeOver.isFinite, tradeOver > 0 else {
                throw ValidationError("--trade-over must be a positive amount, like 50000000.")
            }
            return .tradeOver(tradeOver)
        }
        if let percent = premiumAbove ?? premiumBelow {
            guard percent.isFinite, (-100...1000).contains(percent) else {
                throw ValidationError("The premium level must be a percentage from -100 to 1000, like 5 or -1.5.")
            }
            return premiumAbove != nil ? .premiumAbove(percent) : .premiumBelow(percent)
        }
        if warning { return .warning }
        if listing { return .listing }
        guard let move, move.isFinite, move > 0, move < 1000 else {
            throw ValidationError("--move must be a positive percentage, like 5.")
        }
        guard let within else { throw ValidationError("--move needs --within 1m, 5m or 15m.") }
        guard !(up && down) else { throw ValidationError("Give --up or --down, or neither for either way.") }
        return .move(percent: move, window: within, direction: up ? .up : down ? .down : .either)
    }

    func run() async throws {
        StandardOutput.prepare()
        try await CommandFailure.guarding {
            let exchange = exchangeOptions.exchange
            let condition = try condition()
            let id = try watchedMarket(for: condition)
            let store = try storeOptions.open()
            var isListed = false
            if !id.isAnyMarket {
                let listed = try await MarketSession.run(exchangeOptions) { client in try await client.fetchMarkets() }
                isListed = listed.contains { $0.id == id }
            }
            let rule = AlertRule(
                exchange: exchange, market: id, condition: condition, rearm: rearm / 100,
                cooldownSeconds: cooldown, once: once, note: DisplayWidth.sanitized(note))
            if let refusal = rule.refusal(isListed: isListed) {
                throw isListed || condition == .listing
                    ? CommandFailure.Refusal(refusal) : ExchangeError.unknownMarket(id.rawValue)
            }
            let stored = try store.addAlertRule(rule)
            try StandardOutput.writeLine("Added " + AlertRuleRecordLine.describe(stored))
        }
    }
}

extension AlertWindow: ExpressibleByArgument {}
