import Foundation

extension JSONByteReader {
    /// Runs `body` over a whole document's bytes and insists nothing but whitespace follows what
    /// it read: the REST bodies' readers (Upbit's lists and candles, Binance's klines) start here.
    /// `body`'s `nil` (a row without what the reader needs) comes back as `.success(nil)`.
    static func readDocument<Rows>(
        _ data: Data, _ body: (inout JSONByteReader) throws(Failure) -> Rows?
    ) -> Result<Rows?, Failure> {
        data.withUnsafeBytes { raw -> Result<Rows?, Failure> in
            var reader = JSONByteReader(raw.bindMemory(to: UInt8.self))
            do throws(Failure) {
                let rows = try body(&reader)
                guard reader.isAtEnd() else { return .failure(.unexpected(reader.bytes[reader.index])) }
                return .success(rows)
            } catch {
                return .failure(error)
            }
        }
    }
}
