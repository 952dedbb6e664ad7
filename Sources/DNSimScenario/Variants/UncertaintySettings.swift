import DNSimDecision

/// `uncertainty:`: the design, its base sample size, the devices per world and the uncertain
/// conditions (docs/model.md §9).
public struct UncertaintySettings: Sendable {
    public var design: DesignKind
    public var samples: Int
    /// Devices per world; nil: the scenario's.
    public var devices: Int?
    public var parameters: [UncertainParameter]
    public var mark: SourceMark
    /// The telemetry sample sizes whose EVSI is asked (`evsi.sizes`), ascending; empty: none.
    public var evsiSizes: [Int] = []

    /// The largest telemetry sample a `sample` or an EVSI size may be.
    public static let maxSampleSize = 1_000_000_000
    /// Most EVSI sizes.
    public static let maxSampleSizes = 20

    public static let maxSamples = 100_000
    /// Most worlds a study may run.
    public static let maxWorlds = 1_000_000
    /// Most device-days a study may simulate: about 20 minutes at 8 M device-days/s.
    public static let maxDeviceDays = 1e10
    static let maxDeviceDaysText = "10¹⁰"

    public var worldCount: Int { design.worldCount(samples: samples, parameters: parameters.count) }

    /// Which samples (1-based) a check of at most `worlds` worlds takes: evenly spread over the design,
    /// the first and the last among them; nil when the design has no more worlds than that.
    public func spreadSamples(worlds limit: Int) -> ((Int) -> Bool)? {
        guard worldCount > limit else { return nil }
        let perSample = ExperimentDesign.worldsPerSample(design, parameters: parameters.count)
        let taken = max(1, limit / perSample)
        guard taken > 1 else { return { $0 == 1 } }
        let chosen = Set((0..<taken).map { 1 + $0 * (samples - 1) / (taken - 1) })
        return { chosen.contains($0) }
    }

    /// Why a study of `devices` per world over `days` is too big, or nil.
    public func sizeProblem(devices: Int, days: Int) -> String? {
        let worlds = Double(worldCount)
        let deviceDays = worlds * Double(devices) * Double(days)
        let how = design == .sobol ? "\(samples) samples × (\(parameters.count) parameters + 2)" : "\(samples) samples"
        if worldCount > Self.maxWorlds {
            return "uncertainty: \(how) give \(worldCount) worlds; at most \(Self.maxWorlds)"
        }
        guard deviceDays > Self.maxDeviceDays else { return nil }
        let hours = deviceDays / 8e6 / 3_600
        let about = hours >= 1 ? "\(Int(hours.rounded())) hours" : "\(Int((hours * 60).rounded())) minutes"
        return "uncertainty: \(how) give \(worldCount) worlds × \(devices) devices × \(days) days = "
            + "\(Self.scientific(deviceDays)) device-days, about \(about) "
            + "at 8 M device-days/s; at most \(Self.maxDeviceDaysText) (fewer samples or uncertainty.devices)"
    }

    /// `1.1 × 10¹¹`.
    static func scientific(_ value: Double) -> String {
        guard value >= 1e6 else { return ScenarioReader.show(value.rounded()) }
        var exponent = 0
        var mantissa = value
        while mantissa >= 10 { mantissa /= 10; exponent += 1 }
        let superscripts: [Character] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
        let power = String(String(exponent).map { superscripts[Int(String($0))!] })
        return "\(ScenarioReader.show((mantissa * 10).rounded() / 10)) × 10\(power)"
    }
}
