import AsyncHTTPClient
import ExchangeSimulator
import ExchangeWire
import Exchanges
import Foundation
import MarketDomain
import MarketFeatures
import NIOCore
import NIOFoundationEssentialsCompat
import Testing

/// The coins' deposit and withdrawal status over loopback (issue 29, point 4): Bithumb's
/// `assetsstatus` from the simulator, a coin it suspends, and the exchanges that publish none
/// without a key.
@Suite struct WalletStatusTests {
    @Test func bithumbSaysWhichCoinsWithdrawalsItSuspendsAndTheWatchKeepsThem() async throws {
        let harness = try await SimulatorHarness.start(.bithumb, markets: 408, suspensions: ["XRP"])
        defer { Task { await harness.stop() } }
        let statuses = try await harness.client.fetchWalletStatus()
        #expect(statuses["XRP"] == WalletStatus(deposit: true, withdrawal: false))
        #expect(statuses["BTC"] != nil)
        #expect(statuses.count > 100)
        // Most coins are open: the simulator suspends about one in sixty for ten minutes.
        #expect(statuses.values.filter(\.isOpen).count * 10 > statuses.count * 9)
        // One coin's reply, and an unknown coin's refusal, as Bithumb answers them.
        func get(_ path: String) async throws -> Data {
            let response = try await HTTPClient.shared.execute(
                HTTPClientRequest(url: harness.running.restBaseURL(for: .bithumb) + path), timeout: .seconds(20))
            return Data(buffer: try await response.body.collect(upTo: 1 << 20))
        }
        let reply = try JSONDecoder().decode(
            BithumbAssetsStatus.One.self, from: try await get("/public/assetsstatus/XRP"))
        #expect(reply.data.withdrawalStatus == 0 && reply.data.depositStatus == 1)
        #expect(String(decoding: try await get("/public/assetsstatus/NOPE"), as: UTF8.self).contains("5500"))

        // The watch of the Korean exchanges: Bithumb's statuses; Upbit's need a key.
        let upbit = ExchangeClient.make(
            .upbit,
            server: ExchangeServer(
                restBaseURL: harness.running.restBaseURL(for: .upbit),
                webSocketURL: harness.running.webSocketURL(for: .upbit)))
        let watch = WalletWatch(fetchers: [.bithumb: harness.client.fetchWalletStatus, .upbit: upbit.fetchWalletStatus])
        await watch.refresh()
        #expect(watch.statuses(of: "XRP") == [.bithumb: WalletStatus(deposit: true, withdrawal: false)])
        #expect(WalletStatus.summary(watch.statuses(of: "XRP")) == "Bithumb 출금 중단")
        #expect(watch.failure(.upbit)?.contains("key") == true)
        #expect(watch.failure(.bithumb) == nil)
    }

    @Test func upbitAnswersARequestSignedWithItsKeysAndRefusesOneSignedWithOthers() async throws {
        let harness = try await SimulatorHarness.start(.upbit, markets: 408)
        defer { Task { await harness.stop() } }
        func client(_ keys: UpbitKeys?) -> MarketDataClient {
            ExchangeClient.make(
                .upbit,
                server: ExchangeServer(
                    restBaseURL: harness.running.restBaseURL(for: .upbit),
                    webSocketURL: harness.running.webSocketURL(for: .upbit)), upbitKeys: keys)
        }
        let statuses = try await client(.simulated).fetchWalletStatus()
        #expect(statuses["BTC"] != nil && statuses.count > 100)
        #expect(statuses.values.filter(\.isOpen).count * 10 > statuses.count * 9)
        await #expect {
            try await client(UpbitKeys(accessKey: "mine", secretKey: "wrong")).fetchWalletStatus()
        } throws: { error in
            "\(error)".contains("Failed to verify Jwt token")
        }
        await #expect {
            try await client(nil).fetchWalletStatus()
        } throws: { error in
            "\(error)".contains("UPBIT_ACCESS_KEY")
        }
    }
}
