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

    public init(freshWithin: Millis, lateAfter: Millis, duplicateWindow: Millis,
                deviceFreshBelow: Double = SimulationPlan.defaultDeviceFreshBelow) {
        self.freshWithin = freshWithin
        self.lateAfter = lateAfter
        self.duplicateWindow = duplicateWindow
        self.deviceFreshBelow = deviceFreshBelow
    }

    enum CodingKeys: String, CodingKey {
        case freshWithin = "freshWithin_ms"
        case lateAfter = "lateAfter_ms"
        case duplicateWindow = "duplicateWindow_ms"
        case deviceFreshBelow
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        freshWithin = try container.decode(Millis.self, forKey: .freshWithin)
        lateAfter = try container.decode(Millis.self, forKey: .lateAfter)
        duplicateWindow = try container.decode(Millis.self, forKey: .duplicateWindow)
        // A manifest written before the spread columns counted with the default.
        deviceFreshBelow = try container.decodeIfPresent(Double.self, forKey: .deviceFreshBelow) ?? SimulationPlan.defaultDeviceFreshBelow
    }

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
            + (deviceFreshBelow == SimulationPlan.defaultDeviceFreshBelow ? "" : ", deviceFreshBelow \(ScenarioReader.show(deviceFreshBelow))")
    }

    /// A duration as a scenario writes it: `1h30m`, `60s`, `250ms`.
    public static func text(_ millis: Millis) -> String { SimTime.written(millis) }
}

extension Scenario {
    /// The definitions a run of this scenario counts with.
    public var definitions: MetricDefinitions {
        MetricDefinitions(freshWithin: freshWithin ?? defaultFreshWithin, lateAfter: lateAfter, duplicateWindow: lifecycle.duplicateWindow,
                          deviceFreshBelow: deviceFreshBelow)
    }

    /// Counts with `definitions` instead (a sweep's points read the same fields).
    public mutating func adopt(_ definitions: MetricDefinitions) {
        freshWithin = definitions.freshWithin
        lateAfter = definitions.lateAfter
        lifecycle.duplicateWindow = definitions.duplicateWindow
        deviceFreshBelow = definitions.deviceFreshBelow
    }
}
