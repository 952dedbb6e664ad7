/// What to run: the world, the arms and how many devices, with the seed.
public struct SimulationPlan: Sendable, Equatable {
    public var world: WorldConfiguration
    public var arms: [Arm]
    public var seed: UInt64
    public var devices: Int
    /// A notification shown more than this after T is late.
    public var lateAfter: Millis
    /// A device whose `fresh` rate is below this counts in `devices_fresh_below` (`metrics.deviceFreshBelow`).
    public var deviceFreshBelow: Double = defaultDeviceFreshBelow
    /// `metrics.maxContentAge`: when set, reports add `within_age_rate`.
    public var maxContentAge: Millis?
    /// The fleet's segments, each with its own world; nil for a plain run (every device in `world`).
    public var fleet: Fleet?

    /// `metrics.lateAfter` when the scenario does not set it: the one place it is written (the
    /// loader, the key catalog and `init`'s template read it here).
    public static let defaultLateAfter: Millis = 60 * SimTime.second
    /// `metrics.deviceFreshBelow` when the scenario does not set it.
    public static let defaultDeviceFreshBelow = 0.5

    public init(
        world: WorldConfiguration, arms: [Arm], seed: UInt64, devices: Int, lateAfter: Millis = defaultLateAfter
    ) {
        self.world = world
        self.arms = arms
        self.seed = seed
        self.devices = devices
        self.lateAfter = lateAfter
    }

    /// The world of each segment, in order: `world` alone without a fleet.
    public var segmentWorlds: [WorldConfiguration] { fleet?.segments.map(\.world) ?? [world] }

    /// Whether results keep per-segment statistics: a fleet of more than one segment
    /// (one segment's statistics are the fleet's).
    public var keepsSegments: Bool { (fleet?.segments.count ?? 0) > 1 }

    /// Same-platform arm pairs (i < j), the paired comparisons reported: both measured per cycle or both per
    /// update (`onNews`), since a rate per update has no cycle of a cron arm to be paired with.
    public var pairs: [(Int, Int)] {
        var result: [(Int, Int)] = []
        for i in arms.indices {
            for j in arms.indices
            where j > i && arms[j].platform == arms[i].platform
                && arms[j].strategy.kind.measuresUpdates == arms[i].strategy.kind.measuresUpdates
            {
                result.append((i, j))
            }
        }
        return result
    }
}
