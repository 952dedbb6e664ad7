import DNSimCore
import DNSimDecision

/// Reads `uncertainty:`: the design and each uncertain condition with its distribution.
/// What can be checked from the file alone is checked here; whether each value fits its key
/// is checked by loading the scenario at each distribution's extremes (`Scenario.uncertaintyWorlds`).
enum UncertaintyReader {
    static let distributionNames = ["uniform", "loguniform", "triangular", "normal", "lognormal", "choice", "fit"]
    static let maxChoices = 1_000

    /// - Parameter segments: the names of the scenario's fleet segments, in order (a share may be uncertain).
    static func read(_ map: ScenarioSection, segments: [String] = []) -> UncertaintySettings? {
        let r = map.reader
        let design = map["design"] == nil ? .sobol : map.choice("design", as: DesignKind.self)
        let samples = map.integer("samples")
        let devices = map["devices"] == nil ? nil : map.integer("devices")
        var parameters: [UncertainParameter] = []
        var complete = true
        if let node = map["parameters"] {
            if let items = node.sequence, !items.isEmpty {
                if items.count > ExperimentDesign.maxParameters {
                    r.error(
                        node.mark,
                        "\(map.path("parameters")) has \(items.count) entries; at most \(ExperimentDesign.maxParameters) "
                            + "(the Sobol sequence has \(2 * ExperimentDesign.maxParameters) dimensions, two per parameter)"
                    )
                    return nil
                }
                var lines: [String: Int] = [:]
                for (i, item) in items.enumerated() {
                    guard
                        let entry = ScenarioSection(
                            item, "\(map.path("parameters"))[\(i + 1)]", schema: "uncertainty.parameters[]", r),
                        let parameter = parameter(entry, segments: segments)
                    else { complete = false; continue }
                    if let line = lines[parameter.key] {
                        r.error(
                            entry["key"]?.mark,
                            "\(entry.path("key")) \(MessageText.quoted(parameter.key)) is already uncertain at line \(line); "
                                + "give each key one distribution")
                        complete = false
                        continue
                    }
                    lines[parameter.key] = entry["key"]?.mark.line ?? 0
                    parameters.append(parameter)
                }
            } else {
                r.error(
                    node.mark, "\(map.path("parameters")) must be a non-empty list of { key, distribution } entries")
                complete = false
            }
        }
        if map["devices"] != nil && devices == nil { complete = false }
        var evsiSizes: [Int] = []
        if map["evsi"] != nil {
            guard let sizes = self.evsiSizes(map) else { return nil }
            evsiSizes = sizes
            if complete, !parameters.isEmpty, !parameters.contains(where: { $0.sample != nil }) {
                r.error(
                    map["evsi"]?.mark,
                    "\(map.path("evsi")): no parameter has a sample (the size of the telemetry its distribution was "
                        + "fitted from); give a fitted parameter sample: N, or its distribution as { fit: fit.json } from dnsim-events fit"
                )
                return nil
            }
        }
        guard complete, let design, let samples, !parameters.isEmpty else { return nil }
        var settings = UncertaintySettings(
            design: design, samples: samples, devices: devices, parameters: parameters, mark: map.node.mark)
        settings.evsiSizes = evsiSizes
        return settings
    }

    /// `evsi: { sizes: [...] }`: distinct whole numbers, ascending; nil when wrong (said).
    private static func evsiSizes(_ map: ScenarioSection) -> [Int]? {
        let r = map.reader
        guard let evsi = map.section("evsi"), let node = evsi["sizes"] else { return nil }
        let path = evsi.path("sizes")
        guard let items = node.sequence, !items.isEmpty, items.count <= UncertaintySettings.maxSampleSizes else {
            r.error(
                node.mark,
                "\(path) must be a list of 1 to \(UncertaintySettings.maxSampleSizes) sample sizes, such as [100, 500, 2000]"
            )
            return nil
        }
        var sizes: [Int] = []
        for (i, item) in items.enumerated() {
            guard let size = r.integer(item, "\(path)[\(i + 1)]", in: 1...UncertaintySettings.maxSampleSize) else {
                return nil
            }
            if sizes.contains(size) {
                r.error(item.mark, "\(path)[\(i + 1)]: \(size) is already listed; give each size once")
                return nil
            }
            sizes.append(size)
        }
        return sizes.sorted()
    }

    /// One `{ key, distribution }`, or nil when it is wrong (said).
    private static func parameter(_ entry: ScenarioSection, segments: [String]) -> UncertainParameter? {
        let r = entry.reader
        guard let keyNode = entry["key"], let key = entry.string("key"), let node = entry["distribution"] else {
            return nil
        }
        // A fleet segment's share, by the segment's name: placed at its list item, the other shares rescaled.
        var placePath = key.split(separator: ".").map(String.init)
        var shareRange: ClosedRange<Double>?
        if placePath.count == 3, placePath[0] == "fleet", placePath[2] == "share" {
            guard let position = segments.firstIndex(of: placePath[1]) else {
                r.error(
                    keyNode.mark,
                    "\(entry.path("key")) \(MessageText.quoted(key)) names no fleet segment"
                        + (segments.isEmpty
                            ? " (the scenario has no fleet)" : Suggestion.hint(for: placePath[1], in: segments)))
                return nil
            }
            guard segments.count > 1 else {
                r.error(keyNode.mark, "\(entry.path("key")): a fleet of one segment has its share fixed at 1")
                return nil
            }
            placePath[1] = String(position + 1)
            // Above 0 and below 1, so every other segment keeps some devices.
            shareRange = 1e-6...(1 - 1e-6)
        } else if let problem = keyProblem(key, at: entry.path("key")) {
            r.error(keyNode.mark, problem)
            return nil
        }
        guard let pairs = node.mapping, pairs.count == 1, let name = pairs[0].key.scalar else {
            r.error(
                node.mark,
                "\(entry.path("distribution")) must be one of \(distributionNames.joined(separator: ", ")), "
                    + "such as { uniform: { min: 0.1, max: 0.5 } }")
            return nil
        }
        let path = "\(entry.path("distribution")).\(name)"
        let body = pairs[0].value
        let declared = declaredKey(of: key)
        let takesDuration =
            declared?.type.contains("duration") == true && declared?.path == ScenarioKeyCatalog.normalizedPath(key)
        let takesWhole =
            declared?.path == ScenarioKeyCatalog.normalizedPath(key)
            && (declared?.type.hasPrefix("whole number") == true
                || {
                    if case .integer? = declared?.limits { return true } else { return false }
                }())
        let sample = entry["sample"] == nil ? nil : entry.integer("sample", in: 1...UncertaintySettings.maxSampleSize)
        if entry["sample"] != nil {
            guard sample != nil else { return nil }
            guard ["normal", "lognormal", "fit"].contains(name) else {
                r.error(
                    entry["sample"]?.mark,
                    "\(entry.path("sample")): only a normal, lognormal or fit distribution comes from a "
                        + "telemetry sample (\(MessageText.quoted(name)) does not); leave sample out")
                return nil
            }
        }
        if name == "choice" {
            guard let items = body.sequence, !items.isEmpty, items.count <= maxChoices else {
                r.error(body.mark, "\(path) must be a list of 1 to \(maxChoices) { value, weight } entries")
                return nil
            }
            var values: [YAMLNode] = []
            var weights: [Double] = []
            for (i, item) in items.enumerated() {
                let at = "\(path)[\(i + 1)]"
                guard let fields = r.mapping(item, at, known: ["value", "weight"], required: ["value"]),
                    let value = fields["value"]
                else { return nil }
                let weight = fields["weight"].map { r.number($0, "\(at).weight", in: 0...1e15) } ?? 1
                guard let weight else { return nil }
                if weight <= 0 {
                    r.error(
                        fields["weight"]?.mark, "\(at).weight must be above 0 (leave out a value that cannot happen)");
                    return nil
                }
                values.append(value)
                weights.append(weight)
            }
            return UncertainParameter(
                key: key, path: key.split(separator: ".").map(String.init), distribution: .choice(weights: weights),
                unit: .choice(values), mark: keyNode.mark, distributionMark: node.mark)
        }
        guard shareRange != nil || takesNumbers(declared, key) else {
            r.error(
                keyNode.mark,
                "\(entry.path("key")) \(MessageText.quoted(key)) does not take a number or duration"
                    + (declared.map { $0.type.isEmpty ? "" : " (it takes \($0.type))" } ?? " (it takes no value)")
                    + "; give its values with choice: [{ value, weight }, …]")
            return nil
        }
        let fieldNames: [String]
        switch name {
        case "uniform", "loguniform": fieldNames = ["min", "max"]
        case "triangular": fieldNames = ["min", "mode", "max"]
        case "normal": fieldNames = ["mean", "sd"]
        case "lognormal": fieldNames = ["median", "sigma"]
        case "fit":
            fieldNames = []
        default:
            r.error(
                pairs[0].key.mark,
                "\(entry.path("distribution")) \(MessageText.quoted(name)) is not a distribution; "
                    + "use one of \(distributionNames.joined(separator: ", "))"
                    + Suggestion.hint(for: name, in: distributionNames))
            return nil
        }
        // Values written as durations make a duration parameter, plain numbers a number; a
        // lognormal's sigma is always a number, and the other values must be written alike.
        var isDuration: Bool?
        var values: [String: Double] = [:]
        var family = name
        var fields: [String: YAMLNode] = [:]
        var fittedSample: Int?
        if name == "fit" {
            guard let fitted = FitDistributionReader.read(body, path, key: key, r) else { return nil }
            (family, values, isDuration, fittedSample) = (
                fitted.family, fitted.values, fitted.isDuration, fitted.sample
            )
        } else {
            guard let mapping = r.mapping(body, path, known: fieldNames, required: fieldNames) else { return nil }
            fields = mapping
        }
        for field in fieldNames {
            guard let valueNode = fields[field] else { return nil }
            if let text = valueNode.scalar, !valueNode.isNull, Double(text) == nil, field != "sigma",
                case .success(let millis) = DurationSyntax.parse(text)
            {
                if isDuration == false {
                    r.error(
                        valueNode.mark,
                        "\(path).\(field) is a duration but the values before it are numbers; write them alike")
                    return nil
                }
                isDuration = true
                values[field] = millis
            } else {
                guard let number = r.number(valueNode, "\(path).\(field)", in: -1e15...1e15) else { return nil }
                if field != "sigma" {
                    if isDuration == true {
                        r.error(
                            valueNode.mark,
                            "\(path).\(field) is a number but the values before it are durations; write it as a duration such as 10m"
                        )
                        return nil
                    }
                    isDuration = false
                }
                values[field] = number
            }
        }
        let unit: UncertainParameter.Unit = isDuration == true ? .duration : (takesWhole ? .wholeNumber : .number)
        if takesDuration && unit != .duration {
            r.error(
                body.mark,
                "\(path): \(MessageText.quoted(key)) is a duration; write the distribution's values as durations such as 10m or 8h"
            )
            return nil
        }
        if !takesDuration, unit == .duration, declared?.path == ScenarioKeyCatalog.normalizedPath(key) {
            r.error(
                body.mark,
                "\(path): \(MessageText.quoted(key)) takes \(declared?.type ?? "a number"), not a duration; write plain numbers"
            )
            return nil
        }
        let range = shareRange ?? keyRange(declared, key, unit: unit)
        let distribution: ParameterDistribution
        switch family {
        case "uniform", "loguniform":
            let (low, high) = (values["min"]!, values["max"]!)
            guard low <= high else { r.error(body.mark, "\(path): min is above max"); return nil }
            if family == "loguniform" && low <= 0 {
                r.error(fields["min"]?.mark, "\(path).min must be above 0 (a log-uniform spans ratios)")
                return nil
            }
            distribution = family == "uniform" ? .uniform(min: low, max: high) : .logUniform(min: low, max: high)
        case "triangular":
            let (low, mode, high) = (values["min"]!, values["mode"]!, values["max"]!)
            guard low <= mode, mode <= high else { r.error(body.mark, "\(path) needs min ≤ mode ≤ max"); return nil }
            distribution = .triangular(min: low, mode: mode, max: high)
        case "normal":
            guard values["sd"]! >= 0 else {
                r.error(fields["sd"]?.mark ?? body.mark, "\(path).sd must be zero or more"); return nil
            }
            distribution = .normal(
                mean: values["mean"]!, sd: values["sd"]!, low: range.lowerBound, high: range.upperBound)
        default:
            guard values["median"]! > 0 else {
                r.error(fields["median"]?.mark ?? body.mark, "\(path).median must be above 0"); return nil
            }
            guard values["sigma"]! >= 0 else {
                r.error(fields["sigma"]?.mark ?? body.mark, "\(path).sigma must be zero or more"); return nil
            }
            distribution = .lognormal(
                median: values["median"]!, sigma: values["sigma"]!, low: max(range.lowerBound, 0),
                high: range.upperBound)
        }
        let support = distribution.support
        if support.lowerBound < range.lowerBound || support.upperBound > range.upperBound {
            let show = { (value: Double) in
                unit == .duration ? SimTime.written(Millis(value.rounded())) : ScenarioReader.show(value)
            }
            r.error(
                body.mark,
                "\(path) reaches \(show(support.lowerBound < range.lowerBound ? support.lowerBound : support.upperBound)), "
                    + "outside the range of \(MessageText.quoted(key)) (\(show(range.lowerBound)) to \(show(range.upperBound)))"
            )
            return nil
        }
        return UncertainParameter(
            key: key, path: placePath, distribution: distribution, unit: unit,
            mark: keyNode.mark, distributionMark: node.mark, sample: sample ?? fittedSample)
    }

    /// The declared key that holds `key` (itself, or the distribution-taking key it lies inside).
    static func declaredKey(of key: String) -> ScenarioKey? {
        var parts = ScenarioKeyCatalog.normalizedPath(key).split(separator: ".").map(String.init)
        while !parts.isEmpty {
            if let declared = ScenarioKeyCatalog.key(at: parts.joined(separator: ".")) { return declared }
            parts.removeLast()
        }
        return nil
    }

    /// A number, a duration, or a parameter inside a key that takes a distribution.
    private static func takesNumbers(_ declared: ScenarioKey?, _ key: String) -> Bool {
        guard let declared else { return false }
        let type = declared.type
        if declared.path != ScenarioKeyCatalog.normalizedPath(key) {
            // A parameter of a distribution, or of a per-device spread (`appOpensPerDay.perDevice.gamma.mean`).
            return type.contains("distribution") || (type.contains("perDevice") && key.contains(".perDevice."))
        }
        return type.contains("number") || type.contains("duration") || type.contains("integer")
            || declared.limits != nil
    }

    /// A distribution's unitless parameters that must be positive (`DistributionReader`); its
    /// durations already have their range from their unit.
    static let positiveParameters: Set<String> = ["sigma", "shape"]
    /// A distribution's durations that must be longer than zero (`DistributionReader`), as `family.field`.
    static let positiveDurations: Set<String> = [
        "exponential.mean", "lognormal.median", "gamma.scale", "weibull.scale",
    ]

    /// The values the key accepts, as far as the catalog declares them; the loader checks the rest.
    private static func keyRange(_ declared: ScenarioKey?, _ key: String, unit: UncertainParameter.Unit) -> ClosedRange<
        Double
    > {
        if declared?.path == ScenarioKeyCatalog.normalizedPath(key) {
            switch declared?.limits {
            case .number(let range)?: return range
            case .integer(let range)?: return Double(range.lowerBound)...Double(range.upperBound)
            case nil: break
            }
            if declared?.type.contains("share") == true || declared?.range.hasPrefix("0 to 1") == true { return 0...1 }
        } else if key.contains(".perDevice."), let last = key.split(separator: ".").last {
            // A per-device spread's parameter: its bounds are the key's (`min`, `max`, a mean or median)
            // or above 0 (`a`, `b`, `shape`, `sigma`), as `DeviceValueReader` takes them.
            guard case .number(let range)? = declared?.limits else { return Double.leastNormalMagnitude...1e6 }
            switch last {
            case "min", "max": return range
            case "mean", "median": return Double.leastNormalMagnitude...range.upperBound
            case "sigma": return Double.leastNormalMagnitude...10
            default: return Double.leastNormalMagnitude...1e6
            }
        } else if let last = key.split(separator: ".").last, Self.positiveParameters.contains(String(last)) {
            // A distribution's spread or shape (`delay.lognormal.sigma`): above 0 and at most 10¹² as
            // `DistributionReader` takes it, so a normal belief about it is truncated there rather
            // than drawing a world the loader refuses.
            return Double.leastNormalMagnitude...1e12
        } else if unit == .duration,
            Self.positiveDurations.contains(key.split(separator: ".").suffix(2).joined(separator: "."))
        {
            // A duration that must be longer than zero (`lognormal.median`): from 1 ms, the shortest
            // the loader takes once rounded, so a belief reaching 0 is truncated or refused here, at
            // the distribution, not as a world whose value "must be longer than zero".
            return 1...1e15
        }
        return unit == .duration ? 0...1e15 : -1e15...1e15
    }

    /// Why `key` cannot be uncertain, or nil: it must name a condition.
    static func keyProblem(_ key: String, at path: String) -> String? {
        if SweepAxis.shapeProblem(ofKey: key, at: path) != nil || key.isEmpty
            || key.split(separator: ".", omittingEmptySubsequences: false).contains("")
        {
            return
                "\(path): \(MessageText.quoted(key)) is not a dotted scenario key such as platforms.ios.fetchTask.never"
        }
        for prefix in ["fleet", "uncertainty", "objective", "sweep"] where key == prefix || key.hasPrefix(prefix + ".")
        {
            return "\(path): \(MessageText.quoted(key)) cannot be uncertain; vary the conditions themselves"
        }
        let role = ScenarioKeyCatalog.role(of: key)
        if role == .mixed,
            ScenarioKeyCatalog.key(at: ScenarioKeyCatalog.normalizedPath(key)) == nil || declaredKey(of: key) == nil
        {
            return "\(path): unknown key \(MessageText.quoted(key))"
                + Suggestion.hint(for: key, in: FleetReader.conditionKeys)
        }
        // Below a declared key that holds no distribution or spread, a part the catalog does not know
        // is a typo (`user.appOpensPerDya`), not a value of the wrong type.
        if let declared = declaredKey(of: key), declared.path != ScenarioKeyCatalog.normalizedPath(key),
            !declared.type.contains("distribution"), !declared.type.contains("perDevice")
        {
            return "\(path): unknown key \(MessageText.quoted(key))"
                + Suggestion.hint(for: key, in: FleetReader.conditionKeys)
        }
        switch role {
        case .condition?: return nil
        case .lever?:
            return "\(path): \(MessageText.quoted(key)) is a lever, a choice the team makes, not an uncertainty; "
                + "compare its values as arms or sweep points"
        case .run?, .definition?:
            return
                "\(path): \(MessageText.quoted(key)) is \(role == .run ? "a run key" : "a definition"), not a condition of the world; "
                + "only conditions can be uncertain"
        case .mixed?:
            let example = FleetReader.conditionKeys.first { $0.hasPrefix(key + ".") } ?? "platforms.ios.fetchTask.never"
            return
                "\(path): \(MessageText.quoted(key)) holds levers and conditions; name one condition (e.g. \(example))"
        case nil:
            return "\(path): unknown key \(MessageText.quoted(key))"
                + Suggestion.hint(for: key, in: FleetReader.conditionKeys)
        }
    }
}
