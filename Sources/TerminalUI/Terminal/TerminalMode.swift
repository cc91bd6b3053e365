#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Puts the terminal in raw mode on the alternate screen, and puts it back exactly as it was —
/// on a normal exit, on `q`, on Ctrl-C, on SIGTERM and on a crash (fatal signals), since a
/// terminal left raw is unusable.
public enum TerminalMode {
    /// The settings to restore. A global because a signal handler can reach nothing else; it is
    /// written once before any handler is installed and only read afterwards.
    nonisolated(unsafe) private static var original = termios()
    nonisolated(unsafe) private static var isActive = false

    /// The escape sequences that leave the alternate screen and show the cursor again.
    private static let leaveSequence: [UInt8] = Array("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l".utf8)

    /// Enters raw mode and the alternate screen; false when stdin is not a terminal.
    public static func enter() -> Bool {
        guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &original) == 0 else { return false }
        var raw = original
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { return false }
        isActive = true
        installHandlers()
        writeAll(Array("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J".utf8))
        return true
    }

    /// Restores the terminal as it was before ``enter()``; safe to call more than once.
    public static func leave() {
        guard isActive else { return }
        isActive = false
        writeAll(leaveSequence)
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
    }

    /// Restores the terminal from a signal handler, then lets the signal take its course.
    private static func installHandlers() {
        atexit { TerminalMode.leave() }
        for signalNumber in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGHUP] {
            signal(signalNumber) { number in
                // Only async-signal-safe calls here: write(2), tcsetattr(3), signal(2), raise(3).
                TerminalMode.leaveFromSignal()
                signal(number, SIG_DFL)
                raise(number)
            }
        }
    }

    private static func leaveFromSignal() {
        guard isActive else { return }
        isActive = false
        leaveSequence.withUnsafeBytes { bytes in _ = write(STDOUT_FILENO, bytes.baseAddress, bytes.count) }
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
    }

    /// Writes all bytes to stdout.
    static func writeAll(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return
            }
            offset += written
        }
    }

    /// The terminal's size in columns and rows (80×24 when it cannot be read).
    public static func size() -> (width: Int, height: Int) {
        var window = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return (80, 24)
        }
        return (Int(window.ws_col), Int(window.ws_row))
    }
}
