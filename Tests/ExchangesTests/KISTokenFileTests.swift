import Exchanges
import Foundation
import TestSupport
import Testing

/// The KIS token kept between runs: a file only its owner can read.
@Suite struct KISTokenFileTests {
    @Test func theTokenFileIsReadableByItsOwnerOnly() throws {
        let folder = TestScratch.folder.appendingPathComponent("sise-token-\(UUID().uuidString)")
        let path = folder.appendingPathComponent("kis-token.json").path
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = KISTokenFile.store(path: path)
        #expect(file.load() == nil)
        let token = KISCachedToken(appKeyHash: "ab12", token: "secret-token", expires: 1_800_000_000_000)
        file.save(token)
        #expect(KISTokenFile.store(path: path).load() == token)
        let mode = (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue
        #expect(mode == 0o600)
    }

    @Test func aTokenFileOthersCouldReadIsClosedToThemAndNotReused() throws {
        let folder = TestScratch.folder.appendingPathComponent("sise-token-\(UUID().uuidString)")
        let path = folder.appendingPathComponent("kis-token.json").path
        defer { try? FileManager.default.removeItem(at: folder) }
        let token = KISCachedToken(appKeyHash: "ab12", token: "secret-token", expires: 1_800_000_000_000)
        KISTokenFile.store(path: path).save(token)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        #expect(KISTokenFile.store(path: path).load() == nil)
        let mode = (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue
        #expect(mode == 0o600)
    }

    @Test func theFileLiesBesideTheDatabase() {
        #expect(KISTokenFile.path(besideDatabase: "/data/sise/sise.sqlite") == "/data/sise/kis-token.json")
    }
}
