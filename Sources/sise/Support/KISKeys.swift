import Exchanges
import Foundation

/// Where `--live` finds the KIS app key and secret: `KIS_APP_KEY` and `KIS_APP_SECRET`, else the
/// `[kis]` table of `$XDG_CONFIG_HOME/sise/config.toml` (`app_key = "…"`, `app_secret = "…"`),
/// which is refused unless only its owner can read it (mode 0600). The keys are never printed.
enum KISKeys {
    /// What went wrong finding the keys (exit 78).
    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    /// The config file's path.
    static func configPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        ConfigFile.path(environment: environment)
    }

    /// The keys, or a one-line reason why there are none.
    static func load(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> KISCredentials {
        if let key = environment["KIS_APP_KEY"], let secret = environment["KIS_APP_SECRET"], !key.isEmpty,
            !secret.isEmpty
        {
            return KISCredentials(appKey: key, appSecret: secret)
        }
        let path = configPath(environment: environment)
        guard FileManager.default.fileExists(atPath: path) else {
            throw Missing(
                description:
                    "KIS needs keys for --live: set KIS_APP_KEY and KIS_APP_SECRET, or app_key/app_secret under [kis] in \(path) (mode 0600)"
            )
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let mode = (attributes?[.posixPermissions] as? NSNumber)?.intValue ?? 0o777
        guard mode & 0o077 == 0 else {
            throw Missing(description: "\(path) holds keys but others can read it: run chmod 600 \(path)")
        }
        let config = ConfigFile.load(path: path)
        guard let key = config.text("kis", "app_key"), let secret = config.text("kis", "app_secret"), !key.isEmpty,
            !secret.isEmpty
        else {
            throw Missing(description: "\(path) has no app_key and app_secret under [kis]")
        }
        return KISCredentials(appKey: key, appSecret: secret)
    }
}
