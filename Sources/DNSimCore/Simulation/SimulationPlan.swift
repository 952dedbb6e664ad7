/// What to run: the world, the arms and how many devices, with the seed.
public struct SimulationPlan: Sendable, Equatable {
    public var world: WorldConfiguration
    public var arms: [Arm]
    public var seed: UInt64
    public var devices: Int
    /// A notification shown more than this after T is late.
    public var lateAfter: Millis

    public init(world: WorldConfiguration, arms: [Arm], seed: UInt64, devices: Int, lateAfter: Millis = 60 * SimTime.second) {
        self.world = world
        self.arms = arms
        self.seed = seed
        self.devices = devices
        self.lateAfter = lateAfter
    }

    /// Same-platform arm pairs (i < j), the paired comparisons reported.
    public var pairs: [(Int, Int)] {
        var result: [(Int, Int)] = []
        for i in arms.indices {
            for j in arms.indices where j > i && arms[j].platform == arms[i].platform {
                result.append((i, j))
            }
        }
        return result
    }
}
