import Foundation
public import MarketFeatures

/// What a browser tab sends over `/ws`: an input of its root view model as tagged JSON
/// (`{"input":{"board":{"searchTextChanged":{"text":"ㅂㅌ"}}}}`,
/// `{"input":{"watchlist":{"addRequested":{}}}}`), or `{"resync":{}}` after a gap in the
/// patches' numbers.
public enum DashboardRequest: Sendable, Equatable, Decodable {
    case input(DashboardScreen.Root.Input)
    case resync

    /// The largest request taken; anything longer is refused unread.
    public static let maximumSize = 16 * 1024

    private enum CodingKeys: String, CodingKey {
        case input, resync
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "a request is one of {\"input\":…} or {\"resync\":{}}"))
        }
        switch key {
        // Every number a tab sends is held to what a screen can use as it enters (issue 63).
        case .input: self = .input(try container.decode(DashboardScreen.Root.Input.self, forKey: .input).bounded)
        case .resync: self = .resync
        }
    }

    /// Reads one request; a message too long, not JSON or not a request is refused with a short
    /// reason a person can read.
    public static func read(_ bytes: some Collection<UInt8>) -> Result<DashboardRequest, RequestRefusal> {
        guard bytes.count <= maximumSize else {
            return .failure(RequestRefusal(reason: "a request longer than \(maximumSize) bytes"))
        }
        let data = Data(bytes)
        guard (try? JSONSerialization.jsonObject(with: data)) is [String: Any] else {
            return .failure(RequestRefusal(reason: "not a JSON object"))
        }
        do {
            return .success(try JSONDecoder().decode(DashboardRequest.self, from: data))
        } catch let error as DecodingError {
            return .failure(RequestRefusal(reason: Self.describe(error)))
        } catch {
            return .failure(RequestRefusal(reason: "not a request"))
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty: context.debugDescription
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
            .valueNotFound(_, let context):
            "not a request at \(context.codingPath.map(\.stringValue).joined(separator: ".")): "
                + context.debugDescription
        @unknown default: "not a request"
        }
    }
}

/// Why a request was not taken.
public struct RequestRefusal: Error, Sendable, Equatable {
    public var reason: String
}
