public import ArgumentParser
import HeadlessOutput
public import MarketDomain
import MarketStore

/// `sise alerts add MARKET --above P | --below P | --move PCT --within W [--up|--down]`.
struct AddAlert: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a rule: a price crossing a level, or a move within a window.",
        discussion: """
            A level fires when the price crosses it in that direction; a rule made while the price is \
            already past it waits for a crossing. After firing, the price must go back past the level \
            by the re-arm band (--rearm, 0.5 % by default) before the rule can fire again.
            """)

    @OptionGroup var exchangeOptions: ExchangeOptions
    @OptionGroup var storeOptions: StoreOptions
    @Argument(help: "The market, as KRW-BTC or BTC.") var market: String
    @Option(help: "Fire when the price rises to this level.") var above: Double?
    @Option(help: "Fire when the price falls to this level.") var below: Double?
    @Option(help: "Fire when the price moves this many percent within --within.") var move: Double?
    @Option(help: "The move's window: 1m, 5m or 15m.") var within: AlertWindow?
    @Flag(help: "Only a rise (from the window's low).") var up = false
    @Flag(help: "Only a fall (from the window's high).") var down = false
    @Option(help: "The re-arm band, in percent.") var rearm = 0.5
    @Option(help: "The least seconds between two firings.") var cooldown = 0
    @Flag(help: "Remove the rule after it first fires.") var once = false
    @Option(help: "A note shown with each firing.") var note = ""

    func validate() throws {
        try exchangeOptions.requireExchange()
        _ = try MarketArguments.parse([market], exchange: exchangeOptions.exchange)
        _ = try condition()
        guard rearm.isFinite, (0..<50).contains(rearm) else {
            throw ValidationError("--rearm must be a percentage from 0 to under 50.")
        }
        guard (0...86_400 * 7).contains(cooldown) else {
            throw ValidationError("--cooldown must be between 0 and 604800 seconds.")
        }
        guard note.count <= 200 else { throw ValidationError("--note must be at most 200 characters.") }
    }

    /// The condition the options name: exactly one of --above, --below and --move.
    func condition() throws -> AlertCondition {
        let chosen = [above != nil, below != nil, move != nil].filter { $0 }.count
        guard chosen == 1 else { throw ValidationError("Give exactly one of --above, --below and --move.") }
        if let level = above ?? below {
            guard level.isFinite, level > 0 else { throw ValidationError("The level must be a positive price.") }
            guard !up, !down, within == nil else {
                throw ValidationError("--within, --up and --down go with --move only.")
            }
            return above != nil ? .above(level) : .below(level)
        }
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
            guard let id = try MarketArguments.parse([market], exchange: exchange).first else { return }
            let store = try storeOptions.open()
            let listed = try await MarketSession.run(exchangeOptions) { client in try await client.fetchMarkets() }
            guard listed.contains(where: { $0.id == id }) else { throw ExchangeError.unknownMarket(id.rawValue) }
            let rule = AlertRule(
                exchange: exchange, market: id, condition: try condition(), rearm: rearm / 100,
                cooldownSeconds: cooldown, once: once, note: DisplayWidth.sanitized(note))
            let stored = try store.addAlertRule(rule)
            try StandardOutput.writeLine("Added " + AlertRuleRecordLine.describe(stored))
        }
    }
}

extension AlertWindow: ExpressibleByArgument {}
