/// Watches a run as it goes, e.g. to write `cycles.csv` or telemetry; the
/// writers live in the reports layer, so the core does no I/O of its own.
///
/// The runner asks for one `ChunkObserver` per chunk of devices, on the
/// thread that runs the chunk. Chunks are named by their devices, so an
/// observer can put its output in device order whatever the number of jobs.
public protocol RunObserver: Sendable {
    func observe(devices: Range<Int>) -> any ChunkObserver
}

/// Sees one chunk of devices, in device order and on one thread.
public protocol ChunkObserver: AnyObject {
    /// Where arm `arm`'s telemetry goes while the chunk runs; nil records none.
    /// Asked once, before the first device.
    func telemetry(arm: Int) -> TelemetrySink?
    /// Every arm of `device` is about to run.
    func willSimulate(device: Int)
    /// Arm `arm` of `device` has run and logged `log`.
    func simulated(device: Int, arm: Int, _ log: DeviceLog)
    /// The chunk is done; nothing more comes.
    func finish()
}

extension ChunkObserver {
    public func telemetry(arm: Int) -> TelemetrySink? { nil }
    public func willSimulate(device: Int) {}
}
