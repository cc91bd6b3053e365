import Foundation
import Testing

/// `sise bench ingest` (with and without `--frames-only`), `sise bench firehose` and `sise bench
/// serve` end to end against the server they start: the last line a script reads, with figures
/// that show frames really flowed; and `bench firehose`'s misuse.
@Suite(.timeLimit(.minutes(5)), .serialized) struct BenchCommandLineTests {
    /// The number after `name=` in `line`.
    private func figure(_ name: String, in line: Substring) -> Double? {
        line.split(separator: " ").first { $0.hasPrefix("\(name)=") }.flatMap { Double($0.dropFirst(name.count + 1)) }
    }

    private func lastLine(_ text: String) -> Substring {
        text.split(separator: "\n").last ?? ""
    }

    @Test func alertsEndsWithTheCostOfManyRulesAndItsRatio() async throws {
        let result = try await SiseProcess.run(
            ["bench", "alerts", "--rules", "4000", "--markets", "200", "--ticks", "20000", "--latency-seconds", "4"],
            seconds: 180)
        #expect(result.status == 0, "\(result.stderr)")
        let line = lastLine(result.stdout)
        #expect(
            line.wholeMatch(
                of:
                    /rules=4000 markets=200 ns_per_tick=\d+ cpu_percent_at_rate=\d+\.\d\d ratio_to_one_a_market=\d+\.\d\d latency_p50_ms=-?\d+\.\d latency_p99_ms=-?\d+\.\d/
            )
                != nil, "\(line)")
        #expect(result.stdout.contains("tick to stdout: "))
        #expect((figure("ns_per_tick", in: line) ?? 0) > 0)
        // Rules between their levels fire as the walk crosses them.
        #expect(result.stdout.contains("4000 rules"))
        #expect(!result.stdout.contains(" 0 firings\n4000"))
        let misuse = try await SiseProcess.run(["bench", "alerts", "--rules", "5", "--markets", "200"])
        #expect(misuse.status == 64)
    }

    @Test func framesOnlyCountsTheServersFrames() async throws {
        let result = try await SiseProcess.run(
            ["bench", "ingest", "--frames-only", "--duration", "1", "--markets", "30"], seconds: 120)
        #expect(result.status == 0, "\(result.stderr)")
        let line = lastLine(result.stdout)
        #expect(line.wholeMatch(of: /frames_per_s=\d+ cpu_s=\d+\.\d\d us_per_frame=\d+\.\d\d/) != nil, "\(line)")
        #expect((figure("frames_per_s", in: line) ?? 0) > 0)
    }

    @Test func ingestEndsWithItsLine() async throws {
        let result = try await SiseProcess.run(["bench", "ingest", "--duration", "1", "--markets", "30"], seconds: 120)
        #expect(result.status == 0, "\(result.stderr)")
        let line = lastLine(result.stdout)
        #expect(line.wholeMatch(of: /ticks_per_s=\d+ cpu_s=\d+\.\d\d us_per_tick=\d+\.\d\d/) != nil, "\(line)")
        #expect((figure("ticks_per_s", in: line) ?? 0) > 0)
    }

    @Test func chartEndsWithItsFrameSwitchAndFirstPaintTimes() async throws {
        let result = try await SiseProcess.run(
            ["bench", "chart", "--candles", "200", "--frames", "3"], seconds: 120)
        #expect(result.status == 0, "\(result.stderr)")
        let line = lastLine(result.stdout)
        #expect(
            line.wholeMatch(
                of:
                    /candles=200 terminal_frame_ms=[\d.]+ layout_ms=[\d.]+ page_frame_ms=[\d.]+ page_frame_default_ms=[\d.]+ switch_ms=[\d.]+ round_trip_ms=[\d.]+ first_paint_ms=[\d.]+ all_candles_ms=[\d.]+/
            ) != nil, "\(line)")
        #expect((figure("terminal_frame_ms", in: line) ?? 0) > 0 && (figure("switch_ms", in: line) ?? 0) > 0)
        // A fetched interval's first paint is one page: never the five pages of all its candles.
        let firstPaint = figure("first_paint_ms", in: line) ?? 0
        #expect(firstPaint > 0 && firstPaint < (figure("all_candles_ms", in: line) ?? 0), "\(line)")
        #expect(result.stdout.contains("target: the terminal's frame ≤ 5 ms"))
    }

    @Test func firehoseEndsWithBothRatesAndTheirRatio() async throws {
        let result = try await SiseProcess.run(
            ["bench", "firehose", "--rounds", "1", "--duration", "1", "--markets", "30"], seconds: 120)
        #expect(result.status == 0, "\(result.stderr)")
        let line = lastLine(result.stdout)
        #expect(line.wholeMatch(of: /frames_per_s=\d+ ticks_per_s=\d+ ratio=\d+\.\d\d/) != nil, "\(line)")
        let frames = figure("frames_per_s", in: line) ?? 0
        let ticks = figure("ticks_per_s", in: line) ?? 0
        #expect(frames > 0 && ticks > 0)
        if let ratio = figure("ratio", in: line), ticks > 0 {
            #expect(abs(ratio - frames / ticks) < 0.01)
        }
    }

    @Test func serveMeasuresTabsThatGetEveryPatchInOrder() async throws {
        let result = try await SiseProcess.run(
            ["bench", "serve", "--viewers", "3", "--duration", "1", "--rounds", "2", "--settle", "0"], seconds: 120)
        #expect(result.status == 0, "\(result.stderr)")
        // Each round's share is told, and the last line gives their median.
        #expect(result.stderr.contains("round 1: ") && result.stderr.contains("round 2: "), "\(result.stderr)")
        #expect(result.stderr.contains("(the median of 2 rounds)"), "\(result.stderr)")
        let line = lastLine(result.stdout)
        #expect(
            line.wholeMatch(
                of:
                    /viewers=3 cpu_percent=\d+\.\d kb_per_viewer=\d+\.\d bytes_per_viewer_s=\d+ patches_per_viewer_s=\d+\.\d\d gaps=0/
            ) != nil, "\(line)")
        // The simulator trades all the time: every tab gets patches, at most ten a second.
        let patches = figure("patches_per_viewer_s", in: line) ?? 0
        #expect(patches > 0 && patches <= 10.5)
        #expect((figure("bytes_per_viewer_s", in: line) ?? 0) > 0)
        let misuse = try await SiseProcess.run(["bench", "serve", "--rounds", "0"])
        #expect(misuse.status == 64)
    }

    @Test func aBadBaseURLIsMisuse() async throws {
        let result = try await SiseProcess.run(["bench", "firehose", "--base-url", "nope"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--base-url"))
    }
}
