/// A progress display a run reports to from its worker threads (the command line's progress bar).
public protocol RunProgress: AnyObject, Sendable {
    /// `done` of `total` units are done.
    func update(_ done: Int, of total: Int)
    /// The run ended: take the display away.
    func finish()
}
