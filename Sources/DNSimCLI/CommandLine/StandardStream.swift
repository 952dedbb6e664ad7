import DNSimReports
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// stdout or stderr, written with write(2) so that every error is seen (issue 44, item 7):
/// `FileHandle.write(_:)` traps on one, so `>/dev/full` or a closed stdout ended in exit 132 and
/// a backtrace. A failed write ends the process as an interrupt does (`StagingFolders.interrupt`:
/// no staging folder left, no report folder half-written): EPIPE, the reader gone, quietly with
/// 141, the status of a process a closed pipe stopped (coreutils are quiet about it too); any other
/// error with exit 2 and, when stdout failed, one line on stderr.
struct StandardStream: Sendable {
    let descriptor: Int32
    let name: String

    static let output = StandardStream(descriptor: 1, name: "standard output")
    static let error = StandardStream(descriptor: 2, name: "standard error")

    func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written >= 0 {
                bytes = bytes.dropFirst(written)
            } else if errno != EINTR {
                failed(errno)
            }
        }
    }

    func failed(_ code: Int32) -> Never {
        let removed = StagingFolders.interrupt()
        if code == EPIPE { _exit(128 + SIGPIPE) }
        if descriptor != 2 {
            var line = "dnsim-events: cannot write to \(name): \(String(cString: strerror(code)).lowercased())"
            if removed > 0 { line += "; removed \(removed) staging folder\(removed == 1 ? "" : "s")" }
            line += "\n"
            _ = line.withCString { Glibc.write(2, $0, strlen($0)) }
        }
        _exit(ExitCode.badInput.rawValue)
    }

    /// A standard stream closed when the process started (`>&-`) is opened on /dev/null read-only:
    /// writes to it then fail (EBADF) and are said, and the first file the run opens does not get
    /// its number, which would send the console's lines into a report.
    static func reserveClosed() {
        for descriptor: Int32 in [0, 1, 2] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", O_RDONLY)
            if opened >= 0 && opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }
}
