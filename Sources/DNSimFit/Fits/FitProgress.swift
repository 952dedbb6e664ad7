import Foundation

/// How far a fit's parametric bootstrap has got, for a progress bar: the
/// bootstrap is nearly all of a fit's time (minutes for a few hundred
/// thousand rows). `report` is called from any thread with (done, total)
/// replicates; it does not change any result.
public final class FitProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0
    private var total = 0
    private let report: @Sendable (_ done: Int, _ total: Int) -> Void

    public init(_ report: @escaping @Sendable (_ done: Int, _ total: Int) -> Void) {
        self.report = report
    }

    /// `count` more replicates are on their way.
    func expect(_ count: Int) {
        lock.lock()
        total += count
        lock.unlock()
    }

    /// One replicate is done.
    func advance() {
        lock.lock()
        done += 1
        let (done, total) = (self.done, self.total)
        lock.unlock()
        report(done, total)
    }
}
