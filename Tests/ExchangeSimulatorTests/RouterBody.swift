import Foundation
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing

/// The JSON a simulator's router answers `uri` with, read through Hummingbird's router test
/// client (no socket), its status expected 200.
func routerJSON(_ app: some ApplicationProtocol, _ uri: String) async throws -> Any {
    let captured = Mutex(Data())
    try await app.test(.router) { client in
        try await client.execute(uri: uri, method: .get) { response in
            #expect(response.status == .ok, "\(uri)")
            captured.withLock { $0 = Data(response.body.readableBytesView) }
        }
    }
    return try JSONSerialization.jsonObject(with: captured.withLock { $0 })
}
