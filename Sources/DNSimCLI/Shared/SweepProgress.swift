import DNSimFrontend
import Foundation

/// One progress bar over a whole sweep: the scenario as written and every point, each of
/// `devices` devices, so the ETA covers what is left of the sweep, not of one point.
/// A run's own progress (done of its total, which a precision target may grow) is scaled to
/// its share of the bar, and the bar never goes back.
final class SweepProgress: @unchecked Sendable {
    let bar: ProgressBar
    let runs: Int
    let devices: Int
    private var shown = 0
    private let lock = NSLock()

    init(bar: ProgressBar, runs: Int, devices: Int) {
        self.bar = bar
        self.runs = max(runs, 1)
        self.devices = max(devices, 1)
    }

    var total: Int { runs * devices }

    /// The callback for run `index` (0-based: the scenario as written, then the points).
    func run(_ index: Int) -> @Sendable (Int, Int) -> Void {
        { [self] done, total in
            let within = min(devices, Int((Double(done) / Double(max(total, 1)) * Double(devices)).rounded(.down)))
            update(index * devices + within)
        }
    }

    private func update(_ done: Int) {
        // Runs report from worker threads; the bar locks its drawing, this its count.
        lock.lock()
        shown = max(shown, done)
        let value = shown
        lock.unlock()
        bar.update(value, of: total)
    }

    func finish() { bar.finish() }
}
