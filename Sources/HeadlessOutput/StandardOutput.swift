import Foundation
import MarketDomain

/// Writing lines to stdout, flushed at once (so `stream` output reaches a pipe line by line), and
/// noticing when the reader has gone (a closed pipe ends the command quietly, not with SIGPIPE).
public enum StandardOutput {
    /// Ignores SIGPIPE so a closed pipe surfaces as an error from `write`.
    public static func prepare() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Writes one line and flushes it.
    public static func writeLine(_ line: String) throws {
        try write(line + "\n", to: STDOUT_FILENO)
    }

    /// Writes `text` whole to a descriptor.
    public static func write(_ text: String, to descriptor: Int32) throws {
        try write(Array(text.utf8), to: descriptor)
    }

    /// Writes every byte, however many `write` calls it takes.
    public static func write(_ bytes: [UInt8], to descriptor: Int32) throws {
        var bytes = bytes
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { throw OutputError.closed }
                throw OutputError.failed(String(cString: strerror(errno)))
            }
            offset += written
        }
        bytes.removeAll()
    }
}

/// Writing to stderr; failures there are ignored since there is nowhere left to report them.
/// Messages often echo what a user or a server gave (an argument, a market, an error body), so
/// every control character is taken out of each line first: an escape sequence in an argument
/// can never retitle, recolour or rewrite the terminal it is reported on.
public enum StandardError {
    /// Writes one line, its control characters taken out.
    public static func writeLine(_ line: String) {
        do {
            try StandardOutput.write(terminalSafe(line) + "\n", to: STDERR_FILENO)
        } catch { /* stderr is gone: nothing to do */  }
    }

    /// `text` with the control characters of each line taken out, its line breaks kept.
    public static func terminalSafe(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { DisplayWidth.sanitized(String($0)) }
            .joined(separator: "\n")
    }
}

/// Output that could not be written.
public enum OutputError: Error, CustomStringConvertible {
    /// The reader closed the pipe (e.g. `| head`); not a failure of ours.
    case closed
    case failed(String)

    public var description: String {
        switch self {
        case .closed: "output closed"
        case .failed(let reason): "cannot write output: \(reason)"
        }
    }
}
