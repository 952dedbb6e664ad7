/// A fleet of mixed devices: segments, each a share of the devices with a world of its own
/// (the scenario with some conditions set). Which segment a device belongs to is a keyed
/// draw of its own (`RandomSource.fleetSegment`), so every other draw of the device, keyed
/// by the device alone, is the same whichever segment it lands in (docs/model.md §2 "Fleets").
public struct Fleet: Sendable, Equatable {
    public struct Segment: Sendable, Equatable {
        public var name: String
        public var share: Double
        public var world: WorldConfiguration
        /// The platform of the segment's devices (they run only its arms), or nil: every platform.
        public var platform: Platform?

        public init(name: String, share: Double, world: WorldConfiguration, platform: Platform? = nil) {
            self.name = name
            self.share = share
            self.world = world
            self.platform = platform
        }
    }

    public var segments: [Segment]
    /// The cumulative shares in declared order, the last one forced to 1.
    public let bounds: [Double]

    public init(segments: [Segment]) {
        precondition(!segments.isEmpty, "a fleet has at least one segment")
        self.segments = segments
        var bounds: [Double] = []
        var total = 0.0
        for segment in segments {
            total += segment.share
            bounds.append(total)
        }
        // The shares add to 1 within rounding; the last segment takes what rounding leaves.
        bounds[bounds.count - 1] = 1
        self.bounds = bounds
    }

    public var names: [String] { segments.map(\.name) }

    /// Whether the segments carry the install base's platform mix (each device one platform's).
    public var mixesPlatforms: Bool { segments.contains { $0.platform != nil } }

    /// Whether a device of segment `segment` runs `platform`'s arms.
    @inline(__always)
    public func runs(_ platform: Platform, in segment: Int) -> Bool {
        segments[segment].platform.map { $0 == platform } ?? true
    }

    /// The segment of `device` (0-based): the first whose cumulative share exceeds one uniform
    /// draw (inverse CDF). One segment draws nothing.
    public func segment(of device: Int, random: KeyedRandom) -> Int {
        guard bounds.count > 1 else { return 0 }
        random.begin(device: device, source: .fleetSegment, index: 0)
        return Self.segment(at: random.uniform(), bounds: bounds)
    }

    /// The segment a uniform in [0, 1) falls in.
    static func segment(at u: Double, bounds: [Double]) -> Int {
        for (index, bound) in bounds.enumerated() where u < bound { return index }
        return bounds.count - 1
    }
}
