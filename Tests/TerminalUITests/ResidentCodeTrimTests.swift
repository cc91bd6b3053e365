#if os(Linux)
    import Testing

    @testable import TerminalUI

    /// Which mappings the trim may drop: only read-only file mappings whose every page is the file's own.
    @Suite struct ResidentCodeTrimTests {
        private static let smaps = """
            55d0a0000000-55d0a1000000 r-xp 00000000 fe:00 123    /usr/bin/sise
            Size:              16384 kB
            Rss:                7000 kB
            Shared_Dirty:          0 kB
            Private_Dirty:         0 kB
            Anonymous:             0 kB
            VmFlags: rd ex mr mw me
            55d0a1000000-55d0a1100000 r--p 01000000 fe:00 123    /usr/bin/sise
            Rss:                 720 kB
            Shared_Dirty:          0 kB
            Private_Dirty:       720 kB
            Anonymous:           720 kB
            VmFlags: rd mr mw me ac
            55d0a1100000-55d0a1200000 rw-p 01100000 fe:00 123    /usr/bin/sise
            Rss:                1000 kB
            Shared_Dirty:          0 kB
            Private_Dirty:       100 kB
            Anonymous:           100 kB
            55d0a3000000-55d0a4000000 rw-p 00000000 00:00 0      [heap]
            Rss:               11000 kB
            Anonymous:         11000 kB
            7f0000000000-7f0000100000 r--p 00000000 fe:00 456    /opt/swift/lib/libFoundation ICU.so
            Rss:                  64 kB
            Shared_Dirty:          0 kB
            Private_Dirty:         0 kB
            Anonymous:             0 kB
            7f0000100000-7f0000200000 r-xp 00000000 fe:00 789    /opt/swift/lib/libpartial.so
            Rss:                  64 kB
            Private_Dirty:         0 kB
            """

        @Test func onlyCleanReadOnlyFileMappingsAreTrimmed() {
            let mappings = ResidentCodeTrim.mappings(in: Self.smaps)
            #expect(mappings.count == 6)
            #expect(mappings.map(\.isTrimmable) == [true, false, false, false, true, false])
            #expect(mappings[0].start == 0x55d0_a000_0000 && mappings[0].end == 0x55d0_a100_0000)
            // A path with a space is kept whole.
            #expect(mappings[4].path == "/opt/swift/lib/libFoundation ICU.so")
        }

        @Test func trimmingThisProcessKeepsItRunning() {
            #expect(ResidentCodeTrim.releaseCleanCodePages() > 0)
            // Code and constants come back on first touch.
            #expect(ResidentCodeTrim.mappings(in: "").isEmpty)
            #expect([3, 1, 2].sorted() == [1, 2, 3])
        }
    }
#endif
