import DNSimReports
import Dispatch
import Foundation

/// Every signal a shell or a CI runner ends a job with: SIGINT (Ctrl-C), SIGTERM,
/// SIGHUP (the terminal or the runner's session gone) and SIGQUIT (issue 44,
/// item 8). Each removes this process's staging folders, leaves every report
/// folder as it was (a report being moved into place is finished first, never
/// left half old, half new) and exits 128 + the signal's number (130, 143, 129,
/// 131) with one line on stderr. SIGHUP and SIGQUIT stay ignored when the
/// process started with them ignored (`nohup` ignores SIGHUP so the run
/// outlives the terminal).
///
/// SIGPIPE is always ignored: a reader gone shows as EPIPE on the next console
/// write, where `StandardStream` does the same cleanup and exits 141. (Foundation
/// ignores SIGPIPE itself when it first opens a file handle, so a signal source
/// for it would stop working midway through a run.)
///
/// The signals are ignored as signals and delivered by a dispatch source on a
/// serial queue of its own, which gets a thread even while every core runs
/// simulation workers. The handler does not stop the workers: it renames and
/// removes the folders they write into (see `StagingFolders.interrupt`) and
/// ends the process with `_exit`, which runs no Swift or C cleanup that
/// could race with them.
public enum Interruption {
    /// The sources, kept alive for the life of the process.
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []
    private static let queue = DispatchQueue(label: "dnsim-events.signals")

    /// Installs the handlers; the executable calls it once, before running a command.
    public static func install() {
        signal(SIGPIPE, SIG_IGN)
        for (signo, name, inheritedIgnoreKept) in [
            (SIGINT, "SIGINT", false), (SIGTERM, "SIGTERM", false), (SIGHUP, "SIGHUP", true),
            (SIGQUIT, "SIGQUIT", true),
        ] {
            let previous = signal(signo, SIG_IGN)
            if inheritedIgnoreKept && isIgnore(previous) { continue }
            let source = DispatchSource.makeSignalSource(signal: signo, queue: queue)
            source.setEventHandler { interrupted(by: name, exitCode: 128 + signo) }
            source.resume()
            sources.append(source)
        }
    }

    /// Whether a disposition `signal(2)` returned is SIG_IGN.
    static func isIgnore(_ handler: __sighandler_t?) -> Bool {
        guard let handler else { return false }
        return unsafeBitCast(handler, to: Int.self) == 1
    }

    static func interrupted(by name: String, exitCode: Int32) -> Never {
        let removed = StagingFolders.interrupt()
        var line = isatty(2) == 1 ? "\r\u{1B}[K" : ""  // over a progress bar
        line += "dnsim-events: interrupted by \(name)"
        if removed > 0 {
            line +=
                "; removed \(removed) staging folder\(removed == 1 ? "" : "s"); no report folder was left half-written"
        }
        line += "\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
        _exit(exitCode)
    }
}
