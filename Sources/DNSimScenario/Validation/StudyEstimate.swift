import DNSimCore

/// What running an uncertainty study costs, estimated before any world is built: a run builds every
/// world (its scenario loaded and checked, its plan made) and keeps it until the run ends, and sets
/// up each world's simulators, so a study of many tiny worlds costs far more than its device-days
/// say. Above `warnBytes` or `warnSeconds` a run is warned about; above `refuseBytes` it is refused
/// with the estimate, as `EventEstimate` does for the events of a device-day.
///
/// The weights were measured on the release build (docs/performance.md): a 100,000-world Sobol study of
/// 2 devices × 1 day peaked at 1.67 GB and took 75 s of one core; building a million worlds alone took 11 GB.
public struct StudyEstimate: Sendable, Equatable {
    public var worlds: Int
    /// Peak memory of the run, in bytes.
    public var bytes: Double
    /// Time of the run on one core, in seconds.
    public var seconds: Double

    /// Memory a world holds while the study runs: its scenario, its plan and its row of the table.
    public static let bytesPerWorld = 17_000.0
    /// One core's time to build a world and set up its simulators, beyond its events.
    public static let secondsPerWorld = 0.000_75
    /// Kernel events one core runs per second (`bench`: about 5 M).
    public static let eventsPerSecond = 5e6
    public static let warnBytes = 1e9
    public static let warnSeconds = 600.0
    public static let refuseBytes = 8e9

    public init(worlds: Int, deviceDays: Double, arms: Int, eventsPerDeviceDay: Double) {
        self.worlds = worlds
        bytes = Double(worlds) * Self.bytesPerWorld
        seconds =
            Double(worlds) * Self.secondsPerWorld + deviceDays * Double(arms) * eventsPerDeviceDay
            / Self.eventsPerSecond
    }

    /// `about 17 GB and 13 minutes of one core for 1,000,000 worlds`.
    public var summary: String {
        "about \(Self.size(bytes)) of memory and \(Self.duration(seconds)) of one core for \(EventEstimate.grouped(Double(worlds))) worlds "
            + "(each world is built and kept while the study runs: about \(Self.size(Self.bytesPerWorld)) and "
            + "\(Self.duration(Self.secondsPerWorld)) of set-up each)"
    }

    /// Why the study must not run, or nil.
    public var refusal: String? {
        guard bytes > Self.refuseBytes else { return nil }
        return "uncertainty: the run would take \(summary), over the limit of \(Self.size(Self.refuseBytes)); "
            + "give fewer samples (or fewer parameters, for sobol)"
    }

    /// What to warn about, or nil.
    public var warning: String? {
        guard bytes > Self.warnBytes || seconds > Self.warnSeconds else { return nil }
        return "uncertainty: the run takes \(summary); fewer samples run faster"
    }

    static func size(_ bytes: Double) -> String {
        if bytes >= 1e9 { return "\(ScenarioReader.show((bytes / 1e8).rounded() / 10)) GB" }
        if bytes >= 1e6 { return "\(Int((bytes / 1e6).rounded())) MB" }
        return "\(Int((bytes / 1e3).rounded())) kB"
    }

    static func duration(_ seconds: Double) -> String {
        if seconds >= 3_600 { return "\(ScenarioReader.show((seconds / 360).rounded() / 10)) hours" }
        if seconds >= 60 {
            let minutes = Int((seconds / 60).rounded()); return minutes == 1 ? "1 minute" : "\(minutes) minutes"
        }
        if seconds >= 1 { return "\(Int(seconds.rounded())) s" }
        return "\(ScenarioReader.show((seconds * 1e4).rounded() / 10)) ms"
    }
}
