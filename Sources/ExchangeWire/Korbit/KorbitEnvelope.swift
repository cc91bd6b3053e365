/// Korbit's v2 reply envelope: `{"success":true,"data":…}` or
/// `{"success":false,"error":{"code":400,"message":"INVALID_CURRENCY_PAIR"}}` (exchange-apis.md §3.1).
public struct KorbitEnvelope<Payload: Codable & Sendable>: Codable, Sendable {
    /// Whether the call succeeded.
    public var success: Bool
    /// The payload, on success.
    public var data: Payload?
    /// The error, on failure.
    public var error: KorbitError?

    /// A successful reply.
    public init(data: Payload) {
        success = true
        self.data = data
        error = nil
    }

    /// A failed reply.
    public init(error: KorbitError) {
        success = false
        data = nil
        self.error = error
    }
}

extension KorbitEnvelope: Equatable where Payload: Equatable {}

/// The `error` of a failed Korbit reply: the HTTP status again, and the machine code as `message`.
public struct KorbitError: Codable, Sendable, Equatable {
    /// The HTTP status, as a number.
    public var code: Int
    /// The machine code, e.g. `INVALID_CURRENCY_PAIR`.
    public var message: String

    /// Makes an error.
    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    /// 400 for a pair that does not exist (or is not lower-case).
    public static let invalidPair = KorbitError(code: 400, message: "INVALID_CURRENCY_PAIR")
    /// 400 for a missing or malformed parameter.
    public static let badRequest = KorbitError(code: 400, message: "BAD_REQUEST")
    /// 404 for an unknown path.
    public static let notFound = KorbitError(code: 404, message: "NOT_FOUND")
    /// 429 over the rate limit (the exact body is not documented; this follows the envelope).
    public static let tooManyRequests = KorbitError(code: 429, message: "TOO_MANY_REQUESTS")
}

/// The payload-less envelope, for reading failures whatever the success payload would be.
public typealias KorbitFailure = KorbitEnvelope<KorbitNoPayload>

/// Stands for a payload that is not read.
public struct KorbitNoPayload: Codable, Sendable, Equatable {
    public init(from decoder: any Decoder) throws {}
    public func encode(to encoder: any Encoder) throws {}
}
