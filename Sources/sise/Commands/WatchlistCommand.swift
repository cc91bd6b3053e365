import ArgumentParser
import Foundation
import HeadlessOutput
import MarketDomain
import MarketFeatures
import MarketStore

/// `sise watchlist list|add|remove|move|clear|show`: the stock watchlist of each source, kept in the store.
struct WatchlistCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watchlist", abstract: "Edit or show the stock watchlist (per source: kis or yahoo).",
        subcommands: [List.self, Add.self, Remove.self, Move.self, Clear.self, Show.self],
        defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "Print the watchlist's codes and names, in order.")
        @OptionGroup var exchangeOptions: ExchangeOptions
        @OptionGroup var storeOptions: StoreOptions

        func run() async throws {
            StandardOutput.prepare()
            try await CommandFailure.guarding {
                let source = try exchangeOptions.requireStockSource()
                let directory = try StockCatalog.directory()
                let list = try storeOptions.openForReading().watchlist(source)
                if list.isEmpty { StandardError.writeLine("sise: the \(source.rawValue) watchlist is empty") }
                // The codes padded to the longest, so the names line up (issue 65).
                let width = list.codes.map(DisplayWidth.of).max() ?? 0
                for code in list.codes {
                    let name = DisplayWidth.sanitized(directory.stock(code)?.name(in: .korean) ?? "")
                    try StandardOutput.writeLine(DisplayWidth.padRight(code, to: width) + "  " + name)
                }
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add stocks at the end, by code (005930, AAPL) or Yahoo symbol (005930.KS).")
        @OptionGroup var exchangeOptions: ExchangeOptions
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: "Stock codes.") var codes: [String]

        func validate() throws {
            guard !codes.isEmpty else { throw ValidationError("Name at least one stock.") }
        }

        func run() async throws {
            StandardOutput.prepare()
            try await CommandFailure.guarding {
                let source = try exchangeOptions.requireStockSource()
                let stocks = try StockCatalog.resolve(codes, on: source)
                let store = try storeOptions.open()
                for stock in stocks {
                    let change = try store.editWatchlist(source) { $0.add(stock.code) }
                    let label = "\(stock.name(in: .korean)) (\(stock.code))"
                    try StandardOutput.writeLine(change == .added ? "★ Added \(label)" : "\(label) is already there")
                }
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove stocks.")
        @OptionGroup var exchangeOptions: ExchangeOptions
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: "Stock codes.") var codes: [String]

        func run() async throws {
            StandardOutput.prepare()
            try await CommandFailure.guarding {
                let source = try exchangeOptions.requireStockSource()
                let store = try storeOptions.open()
                for code in codes {
                    let key = try StockCatalog.directory().stock(code)?.code ?? code
                    let change = try store.editWatchlist(source) { $0.remove(key) }
                    guard change == .removed else {
                        throw ExchangeError.unknownMarket("\(code) is not in the watchlist")
                    }
                    try StandardOutput.writeLine("☆ Removed \(key)")
                }
            }
        }
    }

    struct Move: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "move", abstract: "Move a stock to a position (1 is the top).")
        @OptionGroup var exchangeOptions: ExchangeOptions
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: "The stock code.") var code: String
        @Option(parsing: .unconditional, help: "The new position, from 1.") var to: Int

        func validate() throws {
            guard to >= 1 else { throw ValidationError("--to must be 1 or more.") }
        }

        func run() async throws {
            StandardOutput.prepare()
            try await CommandFailure.guarding {
                let source = try exchangeOptions.requireStockSource()
                let key = try StockCatalog.directory().stock(code)?.code ?? code
                let position = to - 1
                let change = try storeOptions.open().editWatchlist(source) { $0.move(key, to: position) }
                guard change != .notThere else { throw ExchangeError.unknownMarket("\(code) is not in the watchlist") }
            }
        }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "clear", abstract: "Remove every stock of the watchlist.")
        @OptionGroup var exchangeOptions: ExchangeOptions
        @OptionGroup var storeOptions: StoreOptions

        func run() async throws {
            StandardOutput.prepare()
            try await CommandFailure.guarding {
                let source = try exchangeOptions.requireStockSource()
                var count = 0
                _ = try storeOptions.open().editWatchlist(source) { list in
                    count = list.clear()
                    return .removed
                }
                try StandardOutput.writeLine("Cleared \(count) stocks")
            }
        }
    }
}
