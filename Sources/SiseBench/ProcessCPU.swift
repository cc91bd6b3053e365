import Foundation

/// This process's CPU time, user and system, in seconds.
enum ProcessCPU {
    static func seconds() -> Double {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        func value(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return value(usage.ru_utime) + value(usage.ru_stime)
    }
}

/// Another process's CPU time and memory, read from `/proc` (Linux): for benchmarks that measure
/// a server they started.
enum ProcessUsage {
    /// utime + stime of process `pid`, in seconds; `nil` when it cannot be read.
    static func cpuSeconds(of pid: Int32) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let nameEnd = stat.range(of: ") ", options: .backwards)
        else { return nil }
        // Fields from the third on; utime and stime are the 14th and 15th of the whole line.
        let fields = stat[nameEnd.upperBound...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The resident memory (VmRSS) of process `pid`, in bytes; `nil` when it cannot be read.
    static func residentBytes(of pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
            return kilobytes.map { $0 * 1024 }
        }
        return nil
    }
}
