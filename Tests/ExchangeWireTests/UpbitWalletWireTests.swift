import ExchangeWire
import Foundation
import Testing

/// Upbit's keyed wallet status (issue 29, exchange-apis.md §9.2): the JWT it takes, pinned to one
/// made by Python's `hmac`, and the rows it answers.
@Suite struct UpbitWalletWireTests {
    @Test func theTokenIsAnHS256JWTOfTheAccessKeyAndNonceAndOnlyTheRightSecretReadsIt() {
        let token = UpbitJWT.token(
            accessKey: "upbit-access", secretKey: "upbit-secret", nonce: "0b2b2b8c-0000-4000-8000-000000000000")
        #expect(
            token
                == "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJhY2Nlc3Nfa2V5IjoidXBiaXQtYWNjZXNzIiwibm9uY2UiOiIwYjJiMmI4Yy0wMDAwLTQwMDAtODAwMC0wMDAwMDAwMDAwMDAifQ.7uMpCnHUnzEQxGh62MFlLExy0SyOOSCtWubOobt8Syk"
        )
        #expect(UpbitJWT.accessKey(of: token, secretKey: "upbit-secret") == "upbit-access")
        #expect(UpbitJWT.accessKey(of: token, secretKey: "another") == nil)
        #expect(UpbitJWT.accessKey(of: "not.a-token", secretKey: "upbit-secret") == nil)
        #expect(UpbitJWT.accessKey(of: token + "x", secretKey: "upbit-secret") == nil)
    }

    @Test func eachWalletStateSaysWhatTheWalletTakes() throws {
        let json = #"""
            [{"currency":"BTC","wallet_state":"working","block_state":"normal","block_height":900000,"block_updated_at":"2026-11-26T01:00:00+00:00","block_elapsed_minutes":2,"net_type":"BTC","network_name":"Bitcoin"},
             {"currency":"XRP","wallet_state":"deposit_only","block_state":"delayed","block_height":null,"block_updated_at":null,"block_elapsed_minutes":null,"net_type":"XRP","network_name":"Ripple"},
             {"currency":"ETH","wallet_state":"withdraw_only","block_state":"normal"},
             {"currency":"DOGE","wallet_state":"paused","block_state":"inactive"},
             {"currency":"NEW","wallet_state":"unsupported","block_state":null}]
            """#
        let rows = try JSONDecoder().decode([UpbitWalletStatusDTO].self, from: Data(json.utf8))
        #expect(rows.map(\.takes.deposit) == [true, true, false, false, false])
        #expect(rows.map(\.takes.withdrawal) == [true, false, true, false, false])
        #expect(rows[1].blockState == "delayed" && rows[1].blockHeight == nil)
        #expect(UpbitWalletStatusDTO.state(deposit: true, withdrawal: false) == "deposit_only")
        #expect(UpbitWalletStatusDTO.state(deposit: false, withdrawal: false) == "paused")
    }
}
