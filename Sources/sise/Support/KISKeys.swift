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
        let base =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
        return base + "/sise/config.toml"
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
        let table = ConfigTable.read(path: path, table: "kis")
        guard let key = table["app_key"], let secret = table["app_secret"], !key.isEmpty, !secret.isEmpty else {
            throw Missing(description: "\(path) has no app_key and app_secret under [kis]")
        }
        return KISCredentials(appKey: key, appSecret: secret)
    }
}

/// Reads the string keys of one table of a TOML config file: `key = "value"` lines (comments and
/// other tables skipped). Only the few settings Sise has are read this way.
enum ConfigTable {
    /// Whether `$XDG_CONFIG_HOME/sise/config.toml` says `live = true` under `[sise]`.
    static func liveByDefault(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        read(path: KISKeys.configPath(environment: environment), table: "sise")["live"] == "true"
    }

    static func read(path: String, table: String) -> [String: String] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [:] }
        var values: [String: String] = [:]
        var current = ""
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("[") {
                current = line.trimmingCharacters(in: CharacterSet(charactersIn: "[] "))
                continue
            }
            guard current == table, let equals = line.firstIndex(of: "=") else { continue }
            let name = line[..<equals].trimmingCharacters(in: .whitespaces)
            var value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("\""), let end = value.dropFirst().firstIndex(of: "\"") {
                value = String(value[value.index(after: value.startIndex)..<end])
            }
            values[name] = value
        }
        return values
    }
}
