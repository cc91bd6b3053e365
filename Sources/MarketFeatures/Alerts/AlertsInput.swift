/// What a person does on the Alerts tab (issue 28), on either face. In JSON:
/// `{"alerts":{"formTextChanged":{"text":"XRP +3% 5m"}}}`, `{"alerts":{"ruleRemoved":{"id":3}}}`.
public enum AlertsInput: Sendable, Equatable, Codable {
    /// The selection moved by rows.
    case selectionMoved(by: Int)
    /// A rule was clicked or tapped.
    case ruleChosen(id: Int64)
    /// The form to type a new rule opened (`a`).
    case formOpened
    case formTextChanged(text: String)
    /// Enter in the form: the typed rule is stored, or the form says why not.
    case formSubmitted
    case formCancelled
    /// Remove the selected rule (`d`).
    case removeRequested
    /// Remove a rule by its number (the page's × button).
    case ruleRemoved(id: Int64)
}
