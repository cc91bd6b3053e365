public import MarketDomain
import SiseSupport

/// The Alerts tab's view model (issue 28), Input → transform → Output: the rules stored (shared
/// by every copy of Sise, read again whenever the store says they changed), a form that reads a
/// typed rule (``AlertRuleText``) and stores it, removal, and the history of firings. It also
/// turns the process's alert monitor's events into ``AlertNotice``s, which the root shows on
/// every screen: a firing at once, or what quiet hours held back in one summary when they end.
@MainActor
public final class AlertsViewModel {
    public typealias Input = AlertsInput
    public typealias Output = AlertsOutput

    /// What the tab shows, and the notice showing (`notice`), kept apart: the notice shows on
    /// every screen, the tab only on its own.
    public struct Screen: Sendable, Equatable {
        public var tab = Output()
        public var notice: AlertNotice?
    }

    public private(set) var screen = Screen()
    private let publisher = Broadcast(latest: Screen())

    private let store: AlertStore
    private let events: @Sendable () -> AsyncStream<AlertEvent>
    private let exchange: Exchange
    private let isListed: @Sendable (MarketID) async -> Bool
    private let clock: ViewClock
    /// `toast`, `notice` (their timers) and `submit` (the listing check and the store).
    private let tasks: TaskOwner
    private var rules: [AlertRule] = []
    private var history: [RecordedFiring] = []
    private var quietHours: QuietHours?
    private var selectedRule: Int64?
    private var form: Output.Form?
    private var toast: String?
    private var notice: AlertNotice?
    private var notices = 0

    /// How many firings the tab lists.
    public static let historyShown = 50
    /// How long a notice shows.
    public static let noticeDuration = Duration.seconds(8)

    /// A tab over `store`, adding rules for `exchange` (a market `isListed` says the exchange
    /// lists), telling the notices of `events` (the process's monitor's), timed on `clock`.
    public init(
        store: AlertStore, events: @escaping @Sendable () -> AsyncStream<AlertEvent>, exchange: Exchange,
        isListed: @escaping @Sendable (MarketID) async -> Bool, clock: ViewClock, executor: (any TaskExecutor)? = nil
    ) {
        self.store = store
        self.events = events
        self.exchange = exchange
        self.isListed = isListed
        self.clock = clock
        tasks = TaskOwner(executor: executor)
    }

    /// The current screen, then every new one.
    public func outputs(
        bufferingPolicy: AsyncStream<Screen>.Continuation.BufferingPolicy = .bufferingNewest(1)
    ) -> AsyncStream<Screen> {
        publisher.subscribe(bufferingPolicy: bufferingPolicy)
    }

    /// Reads the store at each of its change signals and tells the monitor's events, until cancelled.
    public func run() async {
        let changes = store.changes()
        let events = events()
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await _ in changes { await self.reload() }
            }
            group.addTask {
                for await event in events { await self.take(event) }
            }
            await group.next()
            group.cancelAll()
        }
        tasks.cancelAll()
    }

    /// Takes one input; its effect is in ``screen`` when this returns (a submitted rule's storing
    /// follows once the exchange's listing is checked).
    public func send(_ input: Input) {
        switch input {
        case .selectionMoved(let step):
            let index = rules.firstIndex { $0.id == selectedRule } ?? (step > 0 ? -1 : rules.count)
            let moved = min(max(index.adding(saturating: step), 0), rules.count - 1)
            selectedRule = rules.indices.contains(moved) ? rules[moved].id : nil
        case .ruleChosen(let id): if rules.contains(where: { $0.id == id }) { selectedRule = id }
        case .formOpened: form = form ?? Output.Form(text: "")
        // Typing opens the form too: the page's field takes text again after a rule was stored.
        case .formTextChanged(let text): form = Output.Form(text: String(text.prefix(200)))
        case .formCancelled: form = nil
        case .formSubmitted: submit()
        case .removeRequested: if let selectedRule { remove(selectedRule) }
        case .ruleRemoved(let id): remove(id)
        }
        publish()
    }

    private func submit() {
        guard let typed = form?.text else { return }
        switch AlertRuleText.rule(typed, exchange: exchange) {
        case .failure(let error): form?.error = error.description
        case .success(let rule):
            tasks.replace("submit") { @MainActor [weak self, isListed] in
                let listed = rule.market.isAnyMarket ? false : await isListed(rule.market)
                guard !Task.isCancelled, let self, self.form?.text == typed else { return }
                self.store(rule, listed: listed)
                self.publish()
            }
        }
    }

    private func store(_ rule: AlertRule, listed: Bool) {
        if let refusal = rule.refusal(isListed: listed) {
            form?.error = refusal
            return
        }
        do {
            let stored = try store.add(rule)
            form = nil
            selectedRule = stored.id
            showToast("🔔 Added #\(stored.id) \(stored.summary)")
            reload()
        } catch {
            form?.error = "\(error)"
        }
    }

    private func remove(_ id: Int64) {
        guard let rule = rules.first(where: { $0.id == id }) else { return }
        do {
            try store.removeRule(id)
            showToast("Removed #\(id) \(rule.summary)")
            reload()
        } catch {
            showToast("⚠ Could not remove #\(id): \(error)")
        }
    }

    /// Reads the rules, the history and the quiet hours again (a store that cannot be read keeps
    /// what was shown, and says so).
    private func reload() {
        do {
            rules = try store.rules()
            history = try store.history(Self.historyShown)
            quietHours = try store.quietHours()
        } catch {
            showToast("⚠ Could not read the alert rules: \(error)")
        }
        if !rules.contains(where: { $0.id == selectedRule }) { selectedRule = rules.first?.id }
        publish()
    }

    private func take(_ event: AlertEvent) {
        switch event {
        case .fired(let firing, let heldBack):
            if !heldBack {
                let text = firing.note.isEmpty ? firing.message : "\(firing.message) — \(firing.note)"
                show(AlertNotice(number: notices + 1, text: "🔔 " + text, direction: firing.direction))
            }
        case .quietHoursEnded(let held):
            show(AlertNotice(number: notices + 1, text: "🔔 " + QuietHours.summary(of: held), direction: nil))
        }
        reload()
    }

    private func show(_ notice: AlertNotice) {
        notices = notice.number
        self.notice = notice
        tasks.replace("notice") { @MainActor [weak self, clock] in
            do { try await clock.sleep(for: Self.noticeDuration) } catch { return }
            self?.notice = nil
            self?.publish()
        }
    }

    private func showToast(_ text: String) {
        toast = text
        tasks.replace("toast") { @MainActor [weak self, clock] in
            do { try await clock.sleep(for: .seconds(2)) } catch { return }
            self?.toast = nil
            self?.publish()
        }
    }

    private func publish() {
        let next = Screen(tab: tabOutput(), notice: notice)
        guard next != screen else { return }
        screen = next
        publisher.send(next)
    }

    private func tabOutput() -> Output {
        var output = Output()
        output.exchange = exchange.displayName
        output.rules = rules.map { rule in
            Output.Rule(
                id: rule.id, market: rule.market.isAnyMarket ? "any \(rule.market.quote)" : rule.market.rawValue,
                summary: "\(rule.condition.summary(quote: rule.market.quote)) on \(rule.exchange.displayName)",
                details: Self.details(of: rule), isSelected: rule.id == selectedRule)
        }
        output.history = history.map { entry in
            let firing = entry.firing
            return Output.Firing(
                id: "\(firing.rule)-\(firing.at)-\(firing.direction)", rule: firing.rule,
                time: KoreanTime.monthDayClock(firing.at), message: firing.message, direction: firing.direction,
                heldBack: entry.heldBack)
        }
        output.form = form
        output.quietHours = quietHours?.description
        output.toast = toast
        if rules.isEmpty, form == nil {
            output.placeholder = "No alert rules yet — a adds one, like \(AlertRuleText.example)"
        }
        return output
    }

    /// A rule's settings beyond its condition, as far as set.
    static func details(of rule: AlertRule) -> String {
        var parts = ["#\(rule.id)"]
        if rule.condition.rearms { parts.append("re-arm \(AlertCondition.percentText(rule.rearm * 100))%") }
        if rule.cooldownSeconds > 0 { parts.append("cooldown \(rule.cooldownSeconds)s") }
        if rule.once { parts.append("once") }
        if !rule.note.isEmpty { parts.append(rule.note) }
        return parts.joined(separator: " · ")
    }

}
