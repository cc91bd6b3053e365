import ArgumentParser
import Exchanges
import Foundation
import HeadlessOutput
import MarketDomain

/// `sise fx`: the dollar in won the premium against the bank rate is measured with (issue 29),
/// its source and its time.
struct FxCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fx",
        abstract: "The USD/KRW rate (Dunamu's bank rate, Yahoo's KRW=X when that fails), its source and time.")

    @OptionGroup var exchangeOptions: ExchangeOptions
    @Option(help: "Output format: table or json.") var format: OutputFormat = .table

    func validate() throws {
        try exchangeOptions.requireExchange()
        guard format != .csv else { throw ValidationError("--format must be table or json.") }
    }

    func run() async throws {
        StandardOutput.prepare()
        try await CommandFailure.guarding {
            let rate = try await MarketSession.runWithForex(exchangeOptions, exchanges: []) { _, forex in
                try await forex.fetchUSDKRW()
            }
            switch format {
            case .json: try StandardOutput.writeLine(OutputJSON.encode(ForexRecord(rate)))
            default:
                try StandardOutput.writeLine(
                    "USD/KRW \(rate.rateText)  \(rate.sourceText)  \(KoreanTime.dateClock(rate.time)) KST")
            }
        }
    }
}

/// The rate as `sise fx --format json` prints it.
struct ForexRecord: Encodable {
    var usdKRW: Double
    /// `dunamu` or `yahoo`.
    var source: String
    var provider: String?
    /// Unix ms.
    var time: Int64

    init(_ rate: ForexRate) {
        usdKRW = rate.usdKRW
        source = rate.source.rawValue
        provider = rate.provider
        time = rate.time
    }

}
