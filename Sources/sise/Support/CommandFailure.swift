import ArgumentParser
import HeadlessOutput
import MarketDomain
import MarketStore
import WebDashboard

/// Turns any error into one clear line on stderr and a sysexits exit code:
/// 64 usage, 65 bad data (unknown market), 69 exchange unavailable, 74 I/O, 78 configuration.
enum CommandFailure {
    static func exit(for error: any Error) -> ExitCode {
        let (code, message) = classify(error)
        StandardError.writeLine("sise: \(message)")
        return ExitCode(code)
    }

    /// The one-line message of an error, without printing it.
    static func message(for error: any Error) -> String {
        classify(error).message
    }

    private static func classify(_ error: any Error) -> (code: Int32, message: String) {
        let (code, message): (Int32, String)
        switch error {
        case let exchange as ExchangeError:
            switch exchange {
            case .unknownMarket(let detail): (code, message) = (65, "unknown market: \(detail)")
            case .badRequest, .unknownStock: (code, message) = (65, exchange.description)
            case .rateLimited, .unavailable, .badResponse: (code, message) = (69, exchange.description)
            }
        case let output as OutputError:
            (code, message) = (74, output.description)
        case let refusal as Refusal:
            (code, message) = (65, refusal.description)
        case let twin as AlertRuleExists:
            (code, message) = (65, twin.description)
        case let storage as StoreError:
            (code, message) = (74, "storage: \(storage.description)")
        case let server as DashboardServerError:
            (code, message) = (69, server.description)
        case let keys as KISKeys.Missing:
            (code, message) = (78, keys.description)
        default:
            (code, message) = (70, "\(error)")
        }
        return (code, message)
    }

    /// A command that cannot do what it was asked, with the reason (exit 65).
    struct Refusal: Error, CustomStringConvertible {
        let description: String

        init(_ description: String) {
            self.description = description
        }
    }

    /// Runs a command body, translating failures (but letting ArgumentParser's own exits through).
    static func guarding(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let exit as ExitCode {
            throw exit
        } catch is CancellationError {
            return
        } catch let error as ExchangeError {
            throw Self.exit(for: error)
        } catch let error as OutputError {
            if case .closed = error { return }
            throw Self.exit(for: error)
        } catch {
            throw Self.exit(for: error)
        }
    }
}
