import ArgumentParser
import HeadlessOutput
import MarketDomain
import MarketFeatures
import MarketStore

/// `sise favorites list|add|remove|clear`: the same favorites the app shows.
struct FavoritesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "favorites", abstract: "List or edit favorites (the app's ★), per exchange.",
        subcommands: [List.self, Add.self, Remove.self, Clear.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "Print the favorites, oldest first.")
        @OptionGroup var exchangeOptions: ExchangeOptions
        @OptionGroup var storeOptions: StoreOptions
        @Option(help: "Output format: table, json or csv.") var format: OutputFormat = .table

        func run() async throws {
            StandardOutput.prepare()
            try await CommandFailure.guarding {
                let favorites = try storeOptions.openForReading().favorites(exchangeOptions.exchange)
                switch format {
                case .json: try StandardOutput.writeLine(OutputJSON.encode(favorites.map(\.rawValue)))
                case .csv:
                    try StandardOutput.writeLine("market")
                    for id in favorites { try StandardOutput.writeLine(id.rawValue) }
                case .table:
                    if favorites.isEmpty {
                        StandardError.writeLine("sise: no favorites on \(exchangeOptions.exchange.displayName) yet")
                    }
                    for id in favorites { try StandardOutput.writeLine(id.rawValue) }
                }
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Add markets (checked against the exchange).")
        @OptionGroup var target: FavoriteMarkets

        func run() async throws {
            StandardOutput.prepare()
            try await CommandFailure.guarding {
                let ids = try target.ids()
                let store = try target.storeOptions.open()
                let listed = try await MarketSession.run(target.exchangeOptions) { client in
                    try await client.fetchMarkets()
                }
                let known = Dictionary(listed.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
                if let unknown = ids.first(where: { known[$0] == nil }) {
                    throw ExchangeError.unknownMarket(unknown.rawValue)
                }
                for id in ids {
                    try store.setFavorite(target.exchangeOptions.exchange, id, true)
                    if let market = known[id] {
                        try StandardOutput.writeLine("★ Added \(market.koreanName) (\(market.symbol))")
                    }
                }
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove markets.")
        @OptionGroup var target: FavoriteMarkets

        func run() async throws {
            StandardOutput.prepare()
            try await CommandFailure.guarding {
                let store = try target.storeOptions.open()
                for id in try target.ids() {
                    try store.setFavorite(target.exchangeOptions.exchange, id, false)
                    try StandardOutput.writeLine("☆ Removed \(id.rawValue)")
                }
            }
        }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "clear", abstract: "Remove every favorite of the exchange.")
        @OptionGroup var exchangeOptions: ExchangeOptions
        @OptionGroup var storeOptions: StoreOptions

        func run() async throws {
            StandardOutput.prepare()
            try await CommandFailure.guarding {
                let count = try storeOptions.open().clearFavorites(exchangeOptions.exchange)
                try StandardOutput.writeLine("Cleared \(count) favorites")
            }
        }
    }
}

/// The arguments of `favorites add` and `remove`: the exchange, the store and the markets.
struct FavoriteMarkets: ParsableArguments {
    @OptionGroup var exchangeOptions: ExchangeOptions
    @OptionGroup var storeOptions: StoreOptions
    @Argument(help: "Markets, as KRW-BTC or BTC.") var markets: [String]

    func validate() throws {
        try exchangeOptions.requireExchange()
        guard !markets.isEmpty else { throw ValidationError("Name at least one market.") }
        _ = try ids()
    }

    func ids() throws -> [MarketID] {
        try MarketArguments.parse(markets, exchange: exchangeOptions.exchange)
    }
}
