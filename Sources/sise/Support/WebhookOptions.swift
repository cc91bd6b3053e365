import ArgumentParser
import Exchanges

/// `--webhook URL` and `--allow-private-webhook`, as `alerts watch` and `serve` take them: the URL
/// is checked where it enters, and never echoed (a token often lives in its path or query).
struct WebhookOptions: ParsableArguments {
    @Option(
        help:
            "POST each alert firing's JSON to this URL (in order, retried with back-off; never holding the alerts back)."
    )
    var webhook: String?

    @Flag(
        help:
            "Let --webhook post to a link-local address (169.254.0.0/16, fe80::/10), where a cloud's metadata service answers."
    )
    var allowPrivateWebhook = false

    func validate() throws {
        guard let webhook else {
            if allowPrivateWebhook { throw ValidationError("--allow-private-webhook goes with --webhook.") }
            return
        }
        guard let address = WebhookAddress(webhook) else {
            throw ValidationError("--webhook must be an http:// or https:// URL with a host.")
        }
        if let refusal = address.refusal(allowingPrivate: allowPrivateWebhook) { throw ValidationError(refusal + ".") }
    }

    /// The webhook's address, when one was given.
    var address: WebhookAddress? { webhook.flatMap(WebhookAddress.init) }
}
