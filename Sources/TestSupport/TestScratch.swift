public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder for one test run's files (databases, a child process's output, keys), removed when
/// the test process exits: a run leaves nothing behind in the temporary directory, where
/// thousands of runs' folders once piled up.
public enum TestScratch {
    /// This run's folder, made on first use.
    public static let folder: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sise-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TestScratch.folder) }
        return folder
    }()
}
