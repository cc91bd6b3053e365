import ArgumentParser

/// How fast Sise may ask KIS: 18 requests a second on real accounts, 1 on the mock-trading
/// (모의투자) domain, or a rate of the person's choosing.
struct StockOptions: ParsableArguments {
    @Flag(help: "Use KIS's mock-trading (모의투자) domain with --live: 1 request a second.")
    var kisMock = false

    @Option(parsing: .unconditional, help: "KIS requests a second (default 18, or 1 with --kis-mock).")
    var kisRate: Int?

    func validate() throws {
        if let kisRate, !(1...100).contains(kisRate) {
            throw ValidationError("--kis-rate must be between 1 and 100.")
        }
    }

    /// The KIS rate in force.
    var kisRequestsPerSecond: Int { kisRate ?? (kisMock ? 1 : 18) }
}
