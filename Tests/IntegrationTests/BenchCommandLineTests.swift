import Foundation
import Testing

/// `sise bench ingest --frames-only` end to end against a simulator it starts: the last line a
/// script reads, with a figure that shows frames really flowed; and `bench firehose`'s misuse.
@Suite(.serialized) struct BenchCommandLineTests {
    /// The number after `name=` in `line`.
    private func figure(_ name: String, in line: Substring) -> Double? {
        line.split(separator: " ").first { $0.hasPrefix("\(name)=") }.flatMap { Double($0.dropFirst(name.count + 1)) }
    }

    private func lastLine(_ text: String) -> Substring {
        text.split(separator: "\n").last ?? ""
    }

    @Test func framesOnlyCountsTheServersFrames() async throws {
        let result = try await SiseProcess.run(
            ["bench", "ingest", "--frames-only", "--duration", "1", "--markets", "30"], seconds: 120)
        #expect(result.status == 0, "\(result.stderr)")
        let line = lastLine(result.stdout)
        #expect(line.wholeMatch(of: /frames_per_s=\d+ cpu_s=\d+\.\d\d/) != nil, "\(line)")
        #expect((figure("frames_per_s", in: line) ?? 0) > 0)
    }

    @Test func aBadBaseURLIsMisuse() async throws {
        let result = try await SiseProcess.run(["bench", "firehose", "--base-url", "nope"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--base-url"))
    }
}
