import Crypto
import Foundation

/// The token Upbit's keyed endpoints take (`Authorization: Bearer …`, exchange-apis.md §9.2): a
/// JWT signed with HS256 by the secret key, its payload the access key and a nonce (a request
/// without a query string needs no query hash). The simulator checks it the same way.
public enum UpbitJWT {
    /// The token of `accessKey` and `nonce`, signed with `secretKey`.
    public static func token(accessKey: String, secretKey: String, nonce: String) -> String {
        let header = base64URL(Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8))
        let payload = try? JSONSerialization.data(
            withJSONObject: ["access_key": accessKey, "nonce": nonce], options: [.sortedKeys])
        let signed = header + "." + base64URL(payload ?? Data())
        return signed + "." + signature(of: signed, secretKey: secretKey)
    }

    /// The access key of a token signed with `secretKey`; nil when it is not one (malformed, or
    /// signed with another secret).
    public static func accessKey(of token: String, secretKey: String) -> String? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, signature(of: parts[0] + "." + parts[1], secretKey: secretKey) == parts[2],
            let payload = data(base64URL: String(parts[1])),
            let object = try? JSONSerialization.jsonObject(with: payload) as? [String: Any],
            let access = object["access_key"] as? String, object["nonce"] is String
        else { return nil }
        return access
    }

    private static func signature(of signed: String, secretKey: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(
            for: Data(signed.utf8), using: SymmetricKey(data: Data(secretKey.utf8)))
        return base64URL(Data(code))
    }

    private static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacing("+", with: "-").replacing("/", with: "_").replacing("=", with: "")
    }

    private static func data(base64URL text: String) -> Data? {
        var base64 = text.replacing("-", with: "+").replacing("_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
