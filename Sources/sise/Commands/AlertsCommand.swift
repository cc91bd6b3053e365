import ArgumentParser
import HeadlessOutput
import MarketDomain
import MarketStore

/// `sise alerts add|list|remove|clear|history|quiet|watch`: the alert rules every copy of Sise
/// shares (kept in the store), their history, and a headless watcher that prints each firing.
struct AlertsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alerts", abstract: "Price alerts: add, list and remove rules; watch them fire.",
        subcommands: [
            List.self, AddAlert.self, Remove.self, Clear.self, History.self, Quiet.self, WatchAlerts.self,
        ],
        defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Print the rules, oldest first.")
        @OptionGroup var storeOptions: StoreOptions
        @Option(help: "Output format: table or json.") var format: OutputFormat = .table

        func run() async throws {
            StandardOutput.prepare()
            try await CommandFailure.guarding {
                let store = try storeOptions.openForReading()
                let rules = try store.alertRules()
                let unreadable = try store.unreadableAlertRuleNumbers()
                if !unreadable.isEmpty {
                    StandardError.writeLine(
                        "sise: alert rules " + unreadable.map { "#\($0)" }.joined(separator: ", ")
                            + " cannot be read by this version of Sise (a newer one's?); they are left as they are")
                }
                switch format {
                case .json: try StandardOutput.writeLine(OutputJSON.encode(rules.map(AlertRuleRecordLine.init)))
                case .csv, .table:
                    if rules.isEmpty {
                        StandardError.writeLine(
                            "sise: no alert rules yet — add one with `sise alerts add KRW-BTC --above 150000000`")
                    }
                    for rule in rules { try StandardOutput.writeLine(AlertRuleRecordLine.describe(rule)) }
                }
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove rules by number.")
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: "Rule numbers, as `alerts list` shows them (#3 or 3).") var rules: [String]

        func validate() throws {
            guard !rules.isEmpty else { throw ValidationError("Name at least one rule number.") }
            _ = try numbers()
        }

        func numbers() throws -> [Int64] {
            try rules.map { text in
                let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
                guard let number = Int64(digits), number > 0 else {
                    throw ValidationError("'\(DisplayWidth.sanitized(text))' is not a rule number like 3.")
                }
                return number
            }
        }

        func run() async throws {
            StandardOutput.prepare()
            try await CommandFailure.guarding {
                let store = try storeOptions.open()
                var missing: [Int64] = []
                for number in try numbers() {
                    if try store.removeAlertRule(number) {
                        try StandardOutput.writeLine("Removed rule #\(number)")
                    } else {
                        missing.append(number)
                    }
                }
                guard missing.isEmpty else {
                    throw CommandFailure.Refusal(
                        "no rule " + missing.map { "#\($0)" }.joined(separator: ", ") + " (see `sise alerts list`)")
                }
            }
        }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "clear",
            abstract: "Remove every rule (and with --history, the history).")
        @OptionGroup var storeOptions: StoreOptions
        @Flag(help: "Forget the history of firings too.") var history = false

        func run() async throws {
            StandardOutput.prepare()
            try await CommandFailure.guarding {
                let store = try storeOptions.open()
                try StandardOutput.writeLine("Cleared \(try store.clearAlertRules()) rules")
                if history { try StandardOutput.writeLine("Cleared \(try store.clearAlertHistory()) firings") }
            }
        }
    }

    struct History: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "history", abstract: "Print the last firings, newest first.")
        @OptionGroup var storeOptions: StoreOptions
        @Option(help: "How many (at most 1000).") var limit = 50
        @Option(help: "Output format: table or json.") var format: OutputFormat = .table

        func validate() throws {
            guard (1...MarketStore.alertHistoryLimit).contains(limit) else {
                throw ValidationError("--limit must be between 1 and \(MarketStore.alertHistoryLimit).")
            }
        }

        func run() async throws {
            StandardOutput.prepare()
            try await CommandFailure.guarding {
                let history = try storeOptions.openForReading().alertHistory(limit: limit)
                switch format {
                case .json: try StandardOutput.writeLine(OutputJSON.encode(history.map(FiringLine.init)))
                case .csv, .table:
                    if history.isEmpty { StandardError.writeLine("sise: no alert has fired yet") }
                    for entry in history { try StandardOutput.writeLine(FiringLine.describe(entry)) }
                }
            }
        }
    }

    struct Quiet: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "quiet",
            abstract: "Show or set the quiet hours (notifications held back, one summary at their end).")
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: "HH:MM-HH:MM in local time (22:00-07:00 spans midnight), or off.") var hours: String?

        func validate() throws {
            if let hours, hours != "off", QuietHours(hours) == nil {
                throw ValidationError(
                    "'\(DisplayWidth.sanitized(hours))' is not quiet hours like 22:00-07:00 (or off).")
            }
        }

        func run() async throws {
            StandardOutput.prepare()
            try await CommandFailure.guarding {
                guard let hours else {
                    let current = try storeOptions.openForReading().quietHours()
                    try StandardOutput.writeLine(current.map { "Quiet hours: \($0)" } ?? "No quiet hours")
                    return
                }
                let quiet = hours == "off" ? nil : QuietHours(hours)
                try storeOptions.open().setQuietHours(quiet)
                try StandardOutput.writeLine(quiet.map { "Quiet hours: \($0)" } ?? "No quiet hours")
            }
        }
    }
}

/// A rule as `alerts list` prints it.
struct AlertRuleRecordLine: Encodable {
    var id: Int64
    var exchange: String
    var market: String
    var kind: String
    var level: Double?
    var percent: Double?
    var window: String?
    var direction: String?
    var rearmPercent: Double
    var cooldownSeconds: Int
    var once: Bool
    var note: String

    init(_ rule: AlertRule) {
        id = rule.id
        exchange = rule.exchange.rawValue
        market = rule.market.rawValue
        kind = rule.condition.kind
        switch rule.condition {
        case .above(let price), .below(let price), .tradeOver(let price): level = price
        case .move(let percent, let window, let direction):
            self.percent = percent
            self.window = window.rawValue
            self.direction = direction.rawValue
        case .premiumAbove(let percent), .premiumBelow(let percent): self.percent = percent
        case .warning, .listing: break
        }
        rearmPercent = rule.rearm * 100
        cooldownSeconds = rule.cooldownSeconds
        once = rule.once
        note = rule.note
    }

    /// `#3  KRW-BTC above 150,000,000 on Upbit  (re-arm 0.5 %, cooldown 60 s, once)  note`.
    static func describe(_ rule: AlertRule) -> String {
        var extras: [String] = []
        if rule.condition.rearms { extras.append("re-arm \(AlertCondition.percentText(rule.rearm * 100)) %") }
        if rule.cooldownSeconds > 0 { extras.append("cooldown \(rule.cooldownSeconds) s") }
        if rule.once { extras.append("once") }
        let note = rule.note.isEmpty ? "" : "  " + DisplayWidth.sanitized(rule.note)
        let settings = extras.isEmpty ? "" : "  (\(extras.joined(separator: ", ")))"
        return "#\(rule.id)  \(rule.summary)\(settings)\(note)"
    }
}

/// A firing as `alerts watch` and `alerts history` print it: the firing's own fields and
/// `heldBack`.
struct FiringLine: Encodable {
    var entry: RecordedFiring

    init(_ entry: RecordedFiring) {
        self.entry = entry
    }

    private enum Keys: String, CodingKey { case heldBack, webhook }

    func encode(to encoder: any Encoder) throws {
        try entry.firing.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(entry.heldBack, forKey: .heldBack)
        try container.encodeIfPresent(entry.webhook, forKey: .webhook)
    }

    /// `11-25 23:40:58  #3  KRW-BTC rose to … (held back)`, in KST.
    static func describe(_ entry: RecordedFiring) -> String {
        let time = KoreanTime.monthDayClock(entry.firing.at)
        let held = entry.heldBack ? "  (held back)" : ""
        let hook = entry.webhook == .undelivered ? "  (webhook: not delivered)" : ""
        return "\(time)  #\(entry.firing.rule)  \(DisplayWidth.sanitized(entry.firing.message))\(held)\(hook)"
    }
}
