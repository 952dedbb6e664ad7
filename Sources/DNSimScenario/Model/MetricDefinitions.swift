import DNSimCore

/// How outcomes are counted (`metrics:`): what is fresh, what is late, what is
/// a duplicate. A report records them in `manifest.json`, and `check` measures
/// a candidate under its baseline's, so that a changed definition is never
/// read as a changed policy (a longer lead lengthens the default `freshWithin`).
public struct MetricDefinitions: Sendable, Equatable, Codable {
    public var freshWithin: Millis
    public var lateAfter: Millis
    public var duplicateWindow: Millis
    /// The fresh rate below which a device counts in `devices_fresh_below`.
    public var deviceFreshBelow: Double
    /// `metrics.maxContentAge`, when set (`within_age`); absent from a manifest without it.
    public var maxContentAge: Millis?

    public init(
        freshWithin: Millis, lateAfter: Millis, duplicateWindow: Millis,
        deviceFreshBelow: Double = SimulationPlan.defaultDeviceFreshBelow, maxContentAge: Millis? = nil
    ) {
        self.freshWithin = freshWithin
        self.lateAfter = lateAfter
        self.duplicateWindow = duplicateWindow
        self.deviceFreshBelow = deviceFreshBelow
        self.maxContentAge = maxContentAge
    }

    enum CodingKeys: String, CodingKey {
        case freshWithin = "freshWithin_ms"
        case lateAfter = "lateAfter_ms"
        case duplicateWindow = "duplicateWindow_ms"
        case deviceFreshBelow
        case maxContentAge = "maxContentAge_ms"
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        freshWithin = try container.decode(Millis.self, forKey: .freshWithin)
        lateAfter = try container.decode(Millis.self, forKey: .lateAfter)
        duplicateWindow = try container.decode(Millis.self, forKey: .duplicateWindow)
        // A manifest written before the spread columns counted with the default.
        deviceFreshBelow =
            try container.decodeIfPresent(Double.self, forKey: .deviceFreshBelow)
            ?? SimulationPlan.defaultDeviceFreshBelow
        maxContentAge = try container.decodeIfPresent(Millis.self, forKey: .maxContentAge)
    }

    /// One definition counted otherwise here than in another run, both values as a scenario writes them.
    public struct Difference: Sendable, Equatable {
        /// The key under `metrics:` (`freshWithin`, `deviceFreshBelow`, …).
        public let key: String
        public let mine: String
        public let theirs: String
    }

    /// Every definition that differs from `recorded`'s, in `allKeys`' order: the three counting keys
    /// and `deviceFreshBelow` whenever they differ, `maxContentAge` only when both set it (one side
    /// without it measures no `within_age` to compare). `check` and `compare` refuse those a scenario
    /// sets itself and adopt the rest, so an edited definition is never silently replaced.
    public func differences(from recorded: MetricDefinitions) -> [Difference] {
        var differences = Self.keys.filter { self[$0] != recorded[$0] }.map {
            Difference(key: $0, mine: Self.text(self[$0]), theirs: Self.text(recorded[$0]))
        }
        if deviceFreshBelow != recorded.deviceFreshBelow {
            differences.append(
                Difference(
                    key: "deviceFreshBelow", mine: ScenarioReader.show(deviceFreshBelow),
                    theirs: ScenarioReader.show(recorded.deviceFreshBelow)))
        }
        if let mine = maxContentAge, let theirs = recorded.maxContentAge, mine != theirs {
            differences.append(Difference(key: "maxContentAge", mine: Self.text(mine), theirs: Self.text(theirs)))
        }
        return differences
    }

    /// Every key under `metrics:` that defines how outcomes are counted, in the order messages list them.
    public static let allKeys = keys + ["deviceFreshBelow", "maxContentAge"]

    /// The `metrics.` keys, in the order messages list them.
    public static let keys = ["freshWithin", "lateAfter", "duplicateWindow"]

    public subscript(key: String) -> Millis {
        get {
            switch key {
            case "freshWithin": return freshWithin
            case "lateAfter": return lateAfter
            default: return duplicateWindow
            }
        }
        set {
            switch key {
            case "freshWithin": freshWithin = newValue
            case "lateAfter": lateAfter = newValue
            default: duplicateWindow = newValue
            }
        }
    }

    /// `freshWithin 30m, lateAfter 60s, duplicateWindow 10m`.
    public var description: String {
        Self.keys.map { "\($0) \(Self.text(self[$0]))" }.joined(separator: ", ")
            + (deviceFreshBelow == SimulationPlan.defaultDeviceFreshBelow
                ? "" : ", deviceFreshBelow \(ScenarioReader.show(deviceFreshBelow))")
            + (maxContentAge.map { ", maxContentAge \(Self.text($0))" } ?? "")
    }

    /// A duration as a scenario writes it: `1h30m`, `60s`, `250ms`.
    public static func text(_ millis: Millis) -> String { SimTime.written(millis) }
}

extension Scenario {
    /// The definitions a run of this scenario counts with.
    public var definitions: MetricDefinitions {
        MetricDefinitions(
            freshWithin: freshWithin ?? defaultFreshWithin, lateAfter: lateAfter,
            duplicateWindow: lifecycle.duplicateWindow,
            deviceFreshBelow: deviceFreshBelow, maxContentAge: maxContentAge)
    }

    /// Counts with `definitions` instead (a sweep's points read the same fields).
    public mutating func adopt(_ definitions: MetricDefinitions) {
        freshWithin = definitions.freshWithin
        lateAfter = definitions.lateAfter
        lifecycle.duplicateWindow = definitions.duplicateWindow
        deviceFreshBelow = definitions.deviceFreshBelow
        // A baseline that measured `within_age` is measured alike; one that did not leaves the scenario's own.
        maxContentAge = definitions.maxContentAge ?? maxContentAge
    }
}
