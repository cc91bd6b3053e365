/// The body of `POST /oauth2/tokenP` (exchange-apis.md §5.1).
public struct KISTokenRequest: Codable, Sendable, Equatable {
    public var grantType: String
    public var appkey: String
    public var appsecret: String

    /// A request for these keys.
    public init(appkey: String, appsecret: String) {
        grantType = "client_credentials"
        self.appkey = appkey
        self.appsecret = appsecret
    }

    enum CodingKeys: String, CodingKey {
        case grantType = "grant_type"
        case appkey, appsecret
    }
}

/// The token answer: `expires_in` a JSON number, the expiry as KST `yyyy-MM-dd HH:mm:ss`.
public struct KISTokenResponse: Codable, Sendable, Equatable {
    public var accessToken: String
    /// KST `yyyy-MM-dd HH:mm:ss` (the doubled "token" is the real key).
    public var accessTokenTokenExpired: String
    public var tokenType: String
    /// Seconds, as a number.
    public var expiresIn: Int

    /// Makes an answer.
    public init(accessToken: String, accessTokenTokenExpired: String, tokenType: String = "Bearer", expiresIn: Int) {
        self.accessToken = accessToken
        self.accessTokenTokenExpired = accessTokenTokenExpired
        self.tokenType = tokenType
        self.expiresIn = expiresIn
    }

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case accessTokenTokenExpired = "access_token_token_expired"
        case tokenType = "token_type"
        case expiresIn = "expires_in"
    }
}

/// A token error (HTTP 403): `{"error_code":"EGW00133","error_description":"…"}`.
public struct KISTokenError: Codable, Sendable, Equatable {
    public var errorCode: String
    public var errorDescription: String

    /// Makes an error.
    public init(errorCode: String, errorDescription: String) {
        self.errorCode = errorCode
        self.errorDescription = errorDescription
    }

    enum CodingKeys: String, CodingKey {
        case errorCode = "error_code"
        case errorDescription = "error_description"
    }
}
