import DNSimRun
import Foundation

/// A progress bar with an ETA on stderr, drawn only on a terminal and only
/// once a run has taken more than a second (`after`).
public final class ProgressBar: RunProgress, @unchecked Sendable {
    private let console: Console
    private var total = 1
    private let label: String
    /// What is counted, e.g. "devices".
    private let unit: String
    private let started = Date()
    private var lastDraw = Date.distantPast
    private var drawn = false
    private let lock = NSLock()
    /// Seconds before the first draw: a quick run leaves the terminal alone.
    private let after: TimeInterval

    public init(console: Console, label: String, unit: String = "devices", after: TimeInterval = 1) {
        self.console = console
        self.label = label
        self.unit = unit
        self.after = after
    }

    /// `done` of `total` units (devices of the current step, say) are done.
    public func update(_ done: Int, of total: Int) {
        lock.lock()
        defer { lock.unlock() }
        self.total = max(total, 1)
        let now = Date()
        let elapsed = now.timeIntervalSince(started)
        guard elapsed >= after, now.timeIntervalSince(lastDraw) > 0.1 || done == total else { return }
        lastDraw = now
        drawn = true
        let fraction = Double(done) / Double(total)
        let width = 30
        let filled = Int(fraction * Double(width))
        let eta = fraction > 0 ? elapsed / fraction - elapsed : 0
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        console.writeErrorRaw(
            String(format: "\r%@ %@ %3.0f%%  %d/%d %@  ETA %.0fs ", label, bar, fraction * 100, done, total, unit, eta))
    }

    public func finish() {
        lock.lock()
        defer { lock.unlock() }
        if drawn { console.writeErrorRaw("\r\u{1B}[K") }
        drawn = false
    }
}
