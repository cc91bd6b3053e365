import Testing

@testable import MarketDomain

@Suite struct DisplayWidthTests {
    @Test func hangulTakesTwoColumnsAndLatinOne() {
        #expect(DisplayWidth.of("비트코인") == 8)
        #expect(DisplayWidth.of("BTC") == 3)
        #expect(DisplayWidth.of("엑스알피 [리플]") == 15)
        #expect(DisplayWidth.of("ㅂㅌ") == 4)
        #expect(DisplayWidth.of("e\u{301}") == 1)
    }

    @Test func truncationNeverSplitsAWideCharacter() {
        #expect(DisplayWidth.truncate("비트코인", to: 8) == "비트코인")
        #expect(DisplayWidth.truncate("비트코인", to: 7) == "비트코…")
        #expect(DisplayWidth.truncate("비트코인", to: 6) == "비트…")
        #expect(DisplayWidth.of(DisplayWidth.truncate("비트코인캐시", to: 6)) <= 6)
        #expect(DisplayWidth.truncate("Bitcoin", to: 4) == "Bit…")
        #expect(DisplayWidth.truncate("Bitcoin", to: 0) == "")
    }

    @Test func paddingAlignsMixedScripts() {
        #expect(DisplayWidth.padRight("비트", to: 6) == "비트  ")
        #expect(DisplayWidth.padLeft("BTC", to: 6) == "   BTC")
        #expect(DisplayWidth.of(DisplayWidth.padRight("이더리움클래식", to: 10)) == 10)
    }

    @Test func sanitizingRemovesControlCharacters() {
        #expect(DisplayWidth.sanitized("비트\u{1B}[31m코인\n") == "비트[31m코인")
        #expect(DisplayWidth.sanitized("a\u{202E}b\u{7}c") == "abc")
    }

    @Test func theFastPathCountsAsEveryCharacterWouldBeCounted() {
        let samples = [
            "비트코인", "BTC", "엑스알피 [리플]", "1INCH", "가나다 abc 123,456.78", "e\u{301}", "한\u{11A8}",
            "😀", "❤️", "Ａ", "tab\there", "", " ", "~!@#$%^&*()_+{}|:<>?",
        ]
        for text in samples {
            let slow = text.reduce(0) { $0 + DisplayWidth.of($1) }
            #expect(DisplayWidth.of(text) == slow, "\(text)")
            if let fast = DisplayWidth.simpleWidth(text) { #expect(fast == slow, "\(text)") }
        }
        #expect(DisplayWidth.sanitized("비트코인 BTC") == "비트코인 BTC")
        #expect(DisplayWidth.sanitized("a\u{202E}b\u{85}c\u{1B}[31m") == "abc[31m")
    }
}
