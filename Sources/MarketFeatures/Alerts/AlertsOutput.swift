public import MarketDomain

/// What the Alerts tab shows (issue 28), formatted: the rules, the form to add one, the
/// history of firings and the quiet hours.
public struct AlertsOutput: Sendable, Equatable, Codable {
    /// One stored rule.
    public struct Rule: Sendable, Equatable, Codable, Identifiable {
        /// The store's number.
        public var id: Int64
        public var market: String
        /// The condition and exchange in words: `above 150,000,000 on Upbit`.
        public var summary: String
        /// Its re-arm band, cooldown, `once` and note, as far as set: `re-arm 0.5% · once`.
        public var details: String
        public var isSelected: Bool

        /// Makes a row (for renderers' tests and other faces of the tab).
        public init(id: Int64, market: String, summary: String, details: String, isSelected: Bool) {
            self.id = id
            self.market = market
            self.summary = summary
            self.details = details
            self.isSelected = isSelected
        }
    }

    /// One firing of the history.
    public struct Firing: Sendable, Equatable, Codable, Identifiable {
        /// The rule, time and way, which name a firing once.
        public var id: String
        public var rule: Int64
        /// The day and time in Korea: `11-26 13:05:09`.
        public var time: String
        public var message: String
        /// The firing's way as ``AlertFiring/direction`` says it: `up`, `down`, `buy`, `sell`,
        /// `warning`, `caution` or `new`.
        public var direction: String
        /// The sign every face draws before it: `▲`, `▼`, `⚠` (a warning) or `★` (a listing).
        public var mark: String
        /// The colour of the mark.
        public var tone: Tone
        /// Whether quiet hours held its notification back.
        public var heldBack: Bool

        /// The colour of a firing's mark: a rise's, a fall's, or a notice's.
        public enum Tone: String, Sendable, Equatable, Codable {
            case rise, fall, notice
        }

        /// Makes a history entry (for renderers' tests and other faces of the tab).
        public init(id: String, rule: Int64, time: String, message: String, direction: String, heldBack: Bool) {
            self.id = id
            self.rule = rule
            self.time = time
            self.message = message
            self.direction = direction
            self.heldBack = heldBack
            switch direction {
            case "up", "buy": (mark, tone) = ("▲", .rise)
            case "down", "sell": (mark, tone) = ("▼", .fall)
            case "new": (mark, tone) = ("★", .notice)
            default: (mark, tone) = ("⚠", .notice)
            }
        }
    }

    /// The form while a rule is being typed.
    public struct Form: Sendable, Equatable, Codable {
        public var text: String
        /// Why the last submitted text is not a rule, or why the store refused it.
        public var error: String?

        /// A form holding `text`.
        public init(text: String, error: String? = nil) {
            self.text = text
            self.error = error
        }
    }

    /// The exchange a rule added here watches (the board's).
    public var exchange = ""
    public var rules: [Rule] = []
    public var history: [Firing] = []
    public var form: Form?
    /// Rules to type, as an example, shown under the field.
    public var example = AlertRuleText.example
    /// `22:00-07:00` while quiet hours are set.
    public var quietHours: String?
    /// What the tab says instead of an empty table.
    public var placeholder: String?
    public var toast: String?

    public init() {}
}

/// An alert told to the person, on whatever screen shows: one firing, or the summary of what
/// quiet hours held back. A face rings, toasts or notifies once for each new `number`.
public struct AlertNotice: Sendable, Equatable, Codable {
    /// Counts up with each notice of one viewer.
    public var number: Int
    /// The notice in words.
    public var text: String
    /// `up` or `down` for a firing; nil for a summary.
    public var direction: String?

    /// Makes a notice.
    public init(number: Int, text: String, direction: String?) {
        self.number = number
        self.text = text
        self.direction = direction
    }
}
