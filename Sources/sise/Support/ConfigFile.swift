import Foundation
import HeadlessOutput
import Synchronization
import TOMLKit

/// Sise's config file, `$XDG_CONFIG_HOME/sise/config.toml`, read with TOMLKit (toml++ underneath):
/// `live = true` under `[sise]`, the KIS keys under `[kis]`, the Upbit keys under `[upbit]`. Any
/// valid TOML is read as TOML reads it (comments after a value or a table's name included); what
/// cannot be used is said on stderr once a process, a line each — a file that cannot be read or
/// does not parse (with its line), a key of the wrong type, a key Sise does not know — so nobody
/// watches the simulator believing it is the real market. Values are never printed.
struct ConfigFile: Sendable, Equatable {
    /// The type of one setting.
    enum Kind: Sendable {
        case boolean
        case text
    }

    /// The settings Sise knows, by table, and the type of each.
    static let known: [String: [String: Kind]] = [
        "sise": ["live": .boolean],
        "kis": ["app_key": .text, "app_secret": .text],
        "upbit": ["access_key": .text, "secret_key": .text],
    ]

    private var booleans: [String: Bool] = [:]
    private var texts: [String: String] = [:]
    /// What could not be used, a line each, naming the file.
    private(set) var problems: [String] = []

    /// The boolean `key` of `table`, when the file sets it.
    func boolean(_ table: String, _ key: String) -> Bool? { booleans[table + "." + key] }

    /// The string `key` of `table`, when the file sets it.
    func text(_ table: String, _ key: String) -> String? { texts[table + "." + key] }

    /// The settings in `bytes`, the contents of the file at `path` (which problems name).
    static func parse(_ bytes: Data, path: String) -> ConfigFile {
        var config = ConfigFile()
        let text: String
        if let valid = String(validating: bytes, as: UTF8.self) {
            text = valid
        } else {
            // TOML is UTF-8: a stray byte (a comment saved in another encoding) is said, and the
            // rest is still read, the byte replaced.
            text = String(decoding: bytes, as: UTF8.self)
            let line = (text.firstIndex(of: "\u{FFFD}").map { text[..<$0].count { $0 == "\n" } } ?? 0) + 1
            config.problems.append("\(path) line \(line): not UTF-8; the byte is read as U+FFFD")
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            config.problems.append(
                "\(path) line \(error.source.begin.line): not valid TOML (\(withoutQuotes(error.description))); "
                    + "none of its settings are used")
            return config
        } catch {
            config.problems.append("\(path): not valid TOML; none of its settings are used")
            return config
        }
        for name in table.keys.sorted() {
            guard let keys = known[name] else {
                config.problems.append(
                    "\(path): unknown \(table[name]?.table != nil ? "table" : "key") '\(name)', ignored")
                continue
            }
            guard let settings = table[name]?.table else {
                config.problems.append("\(path): '\(name)' must be a table, [\(name)]; ignored")
                continue
            }
            for key in settings.keys.sorted() {
                let value = settings[key]
                switch keys[key] {
                case nil:
                    config.problems.append("\(path): unknown key '\(key)' under [\(name)], ignored")
                case .boolean:
                    if let flag = value?.bool {
                        config.booleans[name + "." + key] = flag
                    } else {
                        config.problems.append("\(path): '\(key)' under [\(name)] must be true or false; ignored")
                    }
                case .text:
                    if let string = value?.string {
                        config.texts[name + "." + key] = string
                    } else {
                        config.problems.append("\(path): '\(key)' under [\(name)] must be a string in quotes; ignored")
                    }
                }
            }
        }
        return config
    }

    /// A parser's message with anything it quotes from the file left out (a key's value could be
    /// a secret).
    private static func withoutQuotes(_ message: String) -> String {
        message.replacing(/'[^']*'|"[^"]*"/, with: "…")
    }

    /// The file's path: `$XDG_CONFIG_HOME/sise/config.toml`, else `~/.config/sise/config.toml`.
    static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
        return base + "/sise/config.toml"
    }

    /// Whether the file says `live = true` under `[sise]`.
    static func liveByDefault(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        load(path: path(environment: environment)).boolean("sise", "live") == true
    }

    private static let loaded = Mutex<[String: ConfigFile]>([:])

    /// The file at `path`, read once a process, its problems said on stderr when first read; no file
    /// is no settings, quietly.
    static func load(path: String) -> ConfigFile {
        if let config = loaded.withLock({ $0[path] }) { return config }
        var config = ConfigFile()
        if FileManager.default.fileExists(atPath: path) {
            do {
                config = parse(try Data(contentsOf: URL(fileURLWithPath: path)), path: path)
            } catch {
                config.problems = [
                    "\(path) cannot be read (\((error as NSError).localizedDescription)); "
                        + "none of its settings are used"
                ]
            }
        }
        let first = loaded.withLock { cache -> Bool in
            guard cache[path] == nil else { return false }
            cache[path] = config
            return true
        }
        if first {
            for problem in config.problems { StandardError.writeLine("sise: \(problem)") }
        }
        return config
    }
}
