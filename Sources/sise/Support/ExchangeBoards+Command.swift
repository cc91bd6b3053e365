import HeadlessOutput
import MarketDomain
import MarketFeatures

extension ExchangeBoards {
    /// Loads every board for a command that reads them once (`compare`, `premium`): each
    /// exchange that cannot be reached said on stderr, the others loaded; an error when none
    /// could be.
    func loadSayingFailures() async throws {
        let failures = await load()
        for exchange in Exchange.allCases {
            if let error = failures[exchange] {
                StandardError.writeLine("sise: \(exchange.rawValue) unavailable: \(CommandFailure.message(for: error))")
            }
        }
        guard failures.count < boards.count else { throw ExchangeError.unavailable("no exchange could be reached") }
    }
}
