import DNSimCore
import DNSimReports
import DNSimScenario
import Foundation

/// A progress bar with an ETA on stderr, drawn only on a terminal and only
/// once a run has taken more than a second.
final class ProgressBar: @unchecked Sendable {
    private let console: Console
    private let total: Int
    private let label: String
    private let started = Date()
    private var lastDraw = Date.distantPast
    private var drawn = false
    private let lock = NSLock()

    init(console: Console, total: Int, label: String) {
        self.console = console
        self.total = max(total, 1)
        self.label = label
    }

    func update(_ done: Int) {
        lock.lock()
        defer { lock.unlock() }
        let now = Date()
        let elapsed = now.timeIntervalSince(started)
        guard elapsed > 1, now.timeIntervalSince(lastDraw) > 0.1 || done == total else { return }
        lastDraw = now
        drawn = true
        let fraction = Double(done) / Double(total)
        let width = 30
        let filled = Int(fraction * Double(width))
        let eta = fraction > 0 ? elapsed / fraction - elapsed : 0
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        console.writeErrorRaw(String(format: "\r%@ %@ %3.0f%%  %d/%d devices  ETA %.0fs ", label, bar, fraction * 100, done, total, eta))
    }

    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if drawn { console.writeErrorRaw("\r\u{1B}[K") }
    }
}
