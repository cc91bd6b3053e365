import Foundation

/// The KIS token kept between runs in a JSON file readable by the user alone (mode 0600), next
/// to the database: `$XDG_DATA_HOME/sise/kis-token.json`. Never logged.
public enum KISTokenFile {
    /// The token file's path in the folder of the database at `databasePath`.
    public static func path(besideDatabase databasePath: String) -> String {
        (databasePath as NSString).deletingLastPathComponent + "/kis-token.json"
    }

    /// A token store over the file at `path`; a missing or damaged file reads as no token, and a
    /// failed write leaves the token in memory only.
    public static func store(path: String) -> KISTokenStore {
        KISTokenStore(
            load: {
                // A token others could read may have been read: the file is closed to them at
                // once and the token not reused (the next one issued replaces it).
                guard ownerOnly(path) else { return nil }
                guard let data = FileManager.default.contents(atPath: path) else { return nil }
                return try? JSONDecoder().decode(KISCachedToken.self, from: data)
            },
            save: { token in
                guard let data = try? JSONEncoder().encode(token) else { return }
                let folder = (path as NSString).deletingLastPathComponent
                try? FileManager.default.createDirectory(
                    atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                // Created 0600 before the secret is written, then replaced whole.
                let temporary = path + ".tmp"
                _ = FileManager.default.createFile(
                    atPath: temporary, contents: nil, attributes: [.posixPermissions: 0o600])
                guard let handle = FileHandle(forWritingAtPath: temporary) else { return }
                handle.write(data)
                try? handle.close()
                _ = rename(temporary, path)
            })
    }

    /// Whether the file at `path` is readable by its owner alone; a file open to others is made
    /// so (mode 0600) and reported as not.
    static func ownerOnly(_ path: String) -> Bool {
        guard let mode = (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? NSNumber
        else { return true }
        guard mode.intValue & 0o077 != 0 else { return true }
        try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        return false
    }
}
