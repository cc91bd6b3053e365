import MarketFeatures
import TerminalUI
import Testing

@Suite struct ScreenBufferTests {
    @Test func hangulTakesTwoCellsAndColumnsAlign() {
        var screen = ScreenBuffer(width: 20, height: 2)
        screen.write("비트코인", x: 0, y: 0)
        screen.write("|", x: 8, y: 0)
        screen.write("Bitcoin", x: 0, y: 1)
        screen.write("|", x: 8, y: 1)
        #expect(screen.lines == ["비트코인|", "Bitcoin |"])
        #expect(screen[1, 0].isContinuation)
    }

    @Test func truncationEndsInAnEllipsisWithoutSplittingAWideCharacter() {
        var screen = ScreenBuffer(width: 10, height: 1)
        let written = screen.write("이더리움클래식", x: 0, y: 0, maxWidth: 7)
        #expect(screen.lines == ["이더리…"])
        #expect(written == 7)
    }

    @Test func textRunningPastTheRightEdgeIsCutThere() {
        var screen = ScreenBuffer(width: 5, height: 1)
        screen.write("ab비", x: 2, y: 0)
        #expect(screen.lines == ["  ab…"])
        var exact = ScreenBuffer(width: 4, height: 1)
        exact.write("a비", x: 1, y: 0)
        #expect(exact.lines == [" a비"])
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var screen = ScreenBuffer(width: 6, height: 1)
        screen.write("비트", x: 0, y: 0)
        screen.write("x", x: 1, y: 0)
        #expect(screen.lines == [" x트"])
    }

    /// Printable ASCII (numbers, symbols) is written a byte a column, by its own path: cut, clipped
    /// and written over wide characters as any other text.
    @Test func asciiIsCutClippedAndWrittenOverWideCharactersAsAnyText() {
        var screen = ScreenBuffer(width: 8, height: 3)
        #expect(screen.write("1,234,567", x: 0, y: 0, maxWidth: 5) == 5)
        #expect(screen.write("abc", x: -1, y: 1) == 3)
        screen.write("비트코", x: 2, y: 2)
        #expect(screen.write("12", x: 3, y: 2) == 2)
        #expect(screen.lines == ["1,23…", "bc", "   12 코"])
        #expect(!screen[5, 2].isContinuation && screen[7, 2].isContinuation)
    }

    @Test func controlCharactersFromTheNetworkNeverReachTheScreen() {
        var screen = ScreenBuffer(width: 30, height: 1)
        screen.write("evil\u{1B}[2J\u{7}name", x: 0, y: 0)
        #expect(screen.lines == ["evil[2Jname"])
    }
}

@Suite struct FrameWriterTests {
    @Test func theFirstFrameIsAFullRedraw() {
        var screen = ScreenBuffer(width: 4, height: 1)
        screen.write("ab", x: 0, y: 0)
        let output = FrameWriter(colors: false).output(from: nil, to: screen)
        #expect(output.hasPrefix("\u{1B}[0m\u{1B}[2J"))
        #expect(output.contains("ab"))
    }

    @Test func aLaterFrameWritesOnlyTheCellsThatChanged() {
        var before = ScreenBuffer(width: 20, height: 3)
        before.write("비트코인 100", x: 0, y: 0)
        before.write("이더리움 200", x: 0, y: 1)
        var after = before
        after.write("101", x: 9, y: 0)
        let output = FrameWriter(colors: false).output(from: before, to: after)
        // One cursor move to row 1, column 12 (the changed "1"), then the character.
        #expect(output == "\u{1B}[1;12H\u{1B}[0m1\u{1B}[0m")
        #expect(FrameWriter().output(from: after, to: after).isEmpty)
    }

    @Test func colorsFollowTheStyleAndCanBeTurnedOff() {
        var screen = ScreenBuffer(width: 3, height: 1)
        screen.write("up", x: 0, y: 0, style: TextStyle(foreground: .red))
        #expect(FrameWriter(colors: true).output(from: nil, to: screen).contains("\u{1B}[0;31mup"))
        #expect(FrameWriter(colors: false).output(from: nil, to: screen).contains("\u{1B}[0mup"))
    }
}

@Suite struct KeyParserTests {
    @Test func readsTextArrowsAndControlKeys() {
        var parser = KeyParser()
        let keys = parser.keys(from: Array("q/".utf8) + [0x1B, 0x5B, 0x41, 0x1B, 0x5B, 0x42, 0x09, 0x0D, 0x7F, 0x03])
        #expect(keys == [.character("q"), .character("/"), .up, .down, .tab, .enter, .backspace, .interrupt])
    }

    @Test func readsPageKeysShiftTabAndApplicationModeArrows() {
        var parser = KeyParser()
        let bytes: [UInt8] = Array("\u{1B}[5~\u{1B}[6~\u{1B}[Z\u{1B}OC\u{1B}[H\u{1B}[4~".utf8)
        #expect(parser.keys(from: bytes) == [.pageUp, .pageDown, .backTab, .right, .home, .end])
    }

    @Test func readsHangulEvenWhenABytesOfACharacterAreSplitAcrossReads() {
        var parser = KeyParser()
        let bytes = Array("ㅂㅌ".utf8)
        #expect(parser.keys(from: Array(bytes[0..<4])) == [.character("ㅂ")])
        #expect(parser.keys(from: Array(bytes[4...])) == [.character("ㅌ")])
    }

    @Test func aLoneEscapeIsTheEscKeyAndACutSequenceWaits() {
        var parser = KeyParser()
        #expect(parser.keys(from: [0x1B]) == [.escape])
        #expect(parser.keys(from: [0x1B, 0x5B]) == [])
        #expect(parser.keys(from: [0x44]) == [.left])
    }

    @Test func copyingLinesTakesThoseRowsAloneAndOnlyFromABufferOfTheSameSize() {
        var target = ScreenBuffer(width: 6, height: 3)
        var source = ScreenBuffer(width: 6, height: 3)
        _ = source.write("aaaaaa", x: 0, y: 0)
        _ = source.write("비트", x: 0, y: 1)
        _ = source.write("cccccc", x: 0, y: 2)
        target.copyLines([1, 7, -1], from: source)
        #expect(target.lines == ["", "비트", ""])
        var other = ScreenBuffer(width: 5, height: 3)
        other.copyLines([0], from: source)
        #expect(other == ScreenBuffer(width: 5, height: 3))
    }
}
