import DNSimCore
import DNSimScenario

/// What `compare A B` found: for every arm both scenarios run (matched by name, e.g.
/// `chained/ios`), each rate in A and in B and the paired difference B − A with its 95%
/// interval over devices; the arms only one of them runs; how the two runs were set up.
///
/// The differences are `PairedDifference`s of per-device counts, as summary.md's paired
/// differences are between two arms of one run: device i of A and device i of B share every
/// keyed draw the two scenarios make alike, so most of the devices' spread cancels out.
public struct ScenarioComparison: Sendable {
    /// The rates compared, in report order.
    public static let metrics: [RateMetric] = [.fresh, .stale, .fallback, .suppressed, .missed, .blocked, .late]

    /// One scenario of the two.
    public struct Side: Sendable, Equatable {
        public var file: String
        public var name: String
        public init(file: String, name: String) {
            self.file = file
            self.name = name
        }
    }

    /// One rate of one shared arm: A's, B's and B − A.
    public struct Difference: Sendable {
        public var metric: RateMetric
        public var a: Double
        public var b: Double
        /// B − A: the mean per-device difference with its 95% interval over devices.
        public var interval: ConfidenceInterval
        /// The interval excludes zero as shown (two decimals of a percentage point), as
        /// summary.md bolds a paired difference.
        public var significant: Bool { OutcomeTies.clearOfZero(interval) }
    }

    /// A shared arm and its differences, in `metrics`' order.
    public struct Arm: Sendable {
        public var name: String
        public var differences: [Difference]
    }

    /// An arm only one scenario runs, with its rates there.
    public struct UnmatchedArm: Sendable {
        public var name: String
        public var rates: [(metric: RateMetric, rate: Double)]
    }

    public var a: Side
    public var b: Side
    public var seed: UInt64
    public var devices: Int
    public var days: Int
    /// The definitions both were counted under (A's; B adopts those it leaves to their defaults).
    public var definitions: MetricDefinitions
    /// B's own values of the definitions it adopted from A, by key (`freshWithin`), when they differ.
    public var adopted: [(key: String, own: Millis)]
    public var arms: [Arm]
    public var onlyInA: [UnmatchedArm]
    public var onlyInB: [UnmatchedArm]
    /// What the comparison did not run or changed, each a sentence (a sweep, a study, a precision target).
    public var notes: [String]
    /// The command that gives this comparison again.
    public var reproduceCommand: String

    /// One matched arm's statistics in A and B and the pair of per-device differences B − A.
    public struct Matched: Sendable {
        public var name: String
        public var a: ArmStatistics
        public var b: ArmStatistics
        public var pair: PairedDifference
        public init(name: String, a: ArmStatistics, b: ArmStatistics, pair: PairedDifference) {
            self.name = name
            self.a = a
            self.b = b
            self.pair = pair
        }
    }

    public init(
        a: Side, b: Side, seed: UInt64, devices: Int, days: Int, definitions: MetricDefinitions,
        adopted: [(key: String, own: Millis)], matched: [Matched],
        onlyInA: [(name: String, statistics: ArmStatistics)], onlyInB: [(name: String, statistics: ArmStatistics)],
        notes: [String], reproduceCommand: String
    ) {
        self.a = a
        self.b = b
        self.seed = seed
        self.devices = devices
        self.days = days
        self.definitions = definitions
        self.adopted = adopted
        arms = matched.map { arm in
            Arm(
                name: arm.name,
                differences: Self.metrics.map { metric in
                    Difference(
                        metric: metric, a: arm.a.rate(metric), b: arm.b.rate(metric),
                        interval: arm.pair.interval(metric))
                })
        }
        func unmatched(_ arms: [(name: String, statistics: ArmStatistics)]) -> [UnmatchedArm] {
            arms.map { arm in UnmatchedArm(name: arm.name, rates: Self.metrics.map { ($0, arm.statistics.rate($0)) }) }
        }
        self.onlyInA = unmatched(onlyInA)
        self.onlyInB = unmatched(onlyInB)
        self.notes = notes
        self.reproduceCommand = reproduceCommand
    }

    /// Every difference whose interval excludes zero, as `arm metric` pairs in report order.
    public var significant: [(arm: String, difference: Difference)] {
        arms.flatMap { arm in arm.differences.filter(\.significant).map { (arm.name, $0) } }
    }
}
