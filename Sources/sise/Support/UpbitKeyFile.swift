import ExchangeWire
import Foundation
import HeadlessOutput

/// Where `--live` finds an Upbit key pair for the wallet status (issue 29), kept like KIS's:
/// `UPBIT_ACCESS_KEY` and `UPBIT_SECRET_KEY`, else `access_key` and `secret_key` under `[upbit]`
/// in the config file, which must be readable by its owner alone. Without one, Upbit's wallet
/// status is simply not read; the keys are never printed.
enum UpbitKeyFile {
    /// The keys, or nil (with the reason on stderr when a config file holds keys others can read).
    static func load(environment: [String: String] = ProcessInfo.processInfo.environment) -> UpbitKeys? {
        if let access = environment["UPBIT_ACCESS_KEY"], let secret = environment["UPBIT_SECRET_KEY"], !access.isEmpty,
            !secret.isEmpty
        {
            return UpbitKeys(accessKey: access, secretKey: secret)
        }
        let path = KISKeys.configPath(environment: environment)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let config = ConfigFile.load(path: path)
        guard let access = config.text("upbit", "access_key"), let secret = config.text("upbit", "secret_key"),
            !access.isEmpty, !secret.isEmpty
        else { return nil }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let mode = (attributes?[.posixPermissions] as? NSNumber)?.intValue ?? 0o777
        guard mode & 0o077 == 0 else {
            StandardError.writeLine("sise: \(path) holds Upbit keys but others can read it: run chmod 600 \(path)")
            return nil
        }
        return UpbitKeys(accessKey: access, secretKey: secret)
    }
}
