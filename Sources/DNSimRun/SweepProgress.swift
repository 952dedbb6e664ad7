import Foundation

/// One progress bar over a whole sweep: the scenario as written and every point, each of
/// `devices` devices, so the ETA covers what is left of the sweep, not of one point.
/// A run's own progress (done of its total, which a precision target may grow) is scaled to
/// its share of the bar, and the bar never goes back.
public final class SweepProgress: @unchecked Sendable {
    let bar: any RunProgress
    let runs: Int
    let devices: Int
    private var shown = 0
    private let lock = NSLock()

    public init(bar: any RunProgress, runs: Int, devices: Int) {
        self.bar = bar
        self.runs = max(runs, 1)
        self.devices = max(devices, 1)
    }

    public var total: Int { runs * devices }

    /// The callback for run `index` (0-based: the scenario as written, then the points).
    public func run(_ index: Int) -> @Sendable (Int, Int) -> Void {
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

    public func finish() { bar.finish() }
}
