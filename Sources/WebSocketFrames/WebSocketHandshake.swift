import Crypto
import Foundation

/// The opening handshake's key and answer (RFC 6455 §1.3, §4.2.2).
public enum WebSocketHandshake {
    /// The `Sec-WebSocket-Accept` a server answers `key` with: SHA-1 of the key and RFC 6455's
    /// GUID, in base64.
    public static func accept(for key: String) -> String {
        Data(Insecure.SHA1.hash(data: Data((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
    }

    /// Whether `key` is a client's key: 16 bytes in base64 (§4.1).
    public static func isKey(_ key: String) -> Bool {
        Data(base64Encoded: key)?.count == 16
    }
}
