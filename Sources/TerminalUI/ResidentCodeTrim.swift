#if os(Linux)
    import Foundation
    import Glibc

    /// Gives back the clean pages of mapped code that start-up touched and a running app does not
    /// use: for every read-only file mapping with no private copy in it (the binary's and the
    /// libraries' code and constants, never the relocated or written ones), asks the kernel to
    /// read its pages one by one from now on instead of sixteen at a time (`MADV_RANDOM`) and to
    /// drop them from this process (`MADV_DONTNEED`). A page used again comes back from the
    /// page cache on first touch, so resident memory settles at what the app really runs. The free
    /// pages of the heap go back too (`malloc_trim`).
    public enum ResidentCodeTrim {
        /// Trims every eligible mapping; returns how many it trimmed (0 when `/proc` is unreadable).
        @discardableResult
        public static func releaseCleanCodePages() -> Int {
            // `/proc` files report a size of 0: read them to their end rather than by their size.
            guard let handle = FileHandle(forReadingAtPath: "/proc/self/smaps"),
                let data = try? handle.readToEnd()
            else { return 0 }
            try? handle.close()
            let smaps = String(decoding: data, as: UTF8.self)
            // The heap's free pages too (what start-up's decoding freed stays in malloc's arenas).
            releaseFreeHeapPages()
            var trimmed = 0
            for mapping in mappings(in: smaps) where mapping.isTrimmable {
                let start = UnsafeMutableRawPointer(bitPattern: UInt(mapping.start))
                let length = Int(mapping.end - mapping.start)
                guard let start, length > 0 else { continue }
                _ = madvise(start, length, MADV_RANDOM)
                if madvise(start, length, MADV_DONTNEED) == 0 { trimmed += 1 }
            }
            return trimmed
        }

        /// glibc's `malloc_trim(0)`, looked up at run time (Swift's Glibc module does not declare it).
        private static func releaseFreeHeapPages() {
            typealias MallocTrim = @convention(c) (Int) -> Int32
            guard let symbol = dlsym(nil, "malloc_trim") else { return }
            _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
        }

        /// One line of `/proc/self/smaps` with the figures that decide whether it may be trimmed.
        struct Mapping: Equatable {
            var start: UInt64
            var end: UInt64
            var permissions: String
            var path: String
            /// Pages of the mapping that are private copies (written or relocated): never dropped.
            var anonymousKilobytes: Int
            var sharedDirtyKilobytes: Int
            var privateDirtyKilobytes: Int

            /// A read-only mapping of a file whose every page is still the file's own.
            var isTrimmable: Bool {
                !permissions.contains("w") && permissions.hasPrefix("r") && path.hasPrefix("/")
                    && anonymousKilobytes == 0 && sharedDirtyKilobytes == 0 && privateDirtyKilobytes == 0
            }
        }

        /// The mappings `smaps` lists, with their figures.
        static func mappings(in smaps: String) -> [Mapping] {
            var result: [Mapping] = []
            for line in smaps.split(separator: "\n", omittingEmptySubsequences: true) {
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                guard let first = fields.first else { continue }
                if first.hasSuffix(":") {
                    guard !result.isEmpty, fields.count >= 2, let value = Int(fields[1]) else { continue }
                    switch first {
                    case "Anonymous:": result[result.count - 1].anonymousKilobytes = value
                    case "Shared_Dirty:": result[result.count - 1].sharedDirtyKilobytes = value
                    case "Private_Dirty:": result[result.count - 1].privateDirtyKilobytes = value
                    default: break
                    }
                    continue
                }
                let bounds = first.split(separator: "-")
                guard fields.count >= 5, bounds.count == 2, let start = UInt64(bounds[0], radix: 16),
                    let end = UInt64(bounds[1], radix: 16)
                else { continue }
                let path = fields.count >= 6 ? fields[5...].joined(separator: " ") : ""
                // Figures start unknown (as if dirty) until their lines are read.
                result.append(
                    Mapping(
                        start: start, end: end, permissions: String(fields[1]), path: path, anonymousKilobytes: -1,
                        sharedDirtyKilobytes: -1, privateDirtyKilobytes: -1))
            }
            return result
        }
    }
#endif
