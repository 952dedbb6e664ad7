import DNSimCore

/// Reads `expect:`: bounds on summary columns for arms or arm patterns.
enum ExpectationReader {
    /// `hasStudy`: the scenario has an `uncertainty` section, whose worlds a `probability` counts.
    /// `hasObjective`: the scenario has an `objective`, whose utility `metric: utility` bounds.
    static func read(_ node: YAMLNode, arms: [String], hasStudy: Bool, hasObjective: Bool = false, _ r: ScenarioReader)
        -> [Expectation]
    {
        guard let items = node.sequence else {
            r.error(node.mark, "expect must be a list of { arm, metric, max | min } entries")
            return []
        }
        var result: [Expectation] = []
        for (i, item) in items.enumerated() {
            let path = "expect[\(i + 1)]"
            guard let map = ScenarioSection(item, path, schema: "expect[]", r) else { continue }
            guard let armNode = map["arm"], let arm = map.string("arm"), let metric = map.string("metric") else {
                continue
            }
            let pattern = Expectation(arm: arm, metric: metric, min: nil, max: nil, mark: item.mark)
            if !arms.contains(where: pattern.applies(to:)) {
                r.error(
                    armNode.mark,
                    "\(map.path("arm")) '\(arm)' matches no arm; arms are \(arms.joined(separator: ", "))"
                        + Suggestion.hint(for: arm, in: arms))
            }
            let resolved = Self.metric(map, hasObjective: hasObjective, r)
            let column = resolved.flatMap { SummaryColumns.named($0) }
            let low = map["min"].flatMap { bound($0, map.path("min"), column: column, r) }
            let high = map["max"].flatMap { bound($0, map.path("max"), column: column, r) }
            if let low, let high, low > high {
                r.error(
                    item.mark,
                    "\(path): min \(ScenarioReader.show(low)) is above max \(ScenarioReader.show(high))")
            }
            if map["min"] == nil && map["max"] == nil { r.error(item.mark, "\(path) needs min, max or both") }
            let share = map["probability"].flatMap { probability($0, map.path("probability"), hasStudy: hasStudy, r) }
            let segment = map["segment"].flatMap { Self.segment($0, map, metric: resolved, study: share != nil, r) }
            result.append(
                Expectation(
                    arm: arm, metric: resolved ?? metric, min: low, max: high, probability: share,
                    segment: segment, mark: item.mark))
        }
        return result
    }

    /// `segment:`, a fleet segment's name: the bound applies to that segment's row of `segments.csv`.
    /// A segment's bound is on a rate of the scenario as written; which names the fleet has is
    /// checked once the fleet is read (`checkSegments`).
    static func segment(
        _ node: YAMLNode, _ map: ScenarioSection, metric: String?, study: Bool,
        _ r: ScenarioReader
    ) -> String? {
        guard let name = map.string("segment") else { return nil }
        let path = map.path("segment")
        if metric == Expectation.utility {
            r.error(
                node.mark,
                "\(path): a segment's bound is on a segments.csv column, and utility is the "
                    + "whole run's; bound a rate (such as missed) in the segment, or drop segment:")
            return nil
        }
        if study {
            r.error(
                node.mark,
                "\(path) and probability do not combine: a study's worlds are counted over the "
                    + "whole fleet; drop one of them")
            return nil
        }
        return name
    }

    /// Each entry's `segment` against the fleet's segments (`fleet` nil: the scenario has none):
    /// an unknown name (with the closest), a scenario without a fleet, and a segment of a platform
    /// mix that runs none of the entry's arms are errors at the name.
    static func checkSegments(
        _ node: YAMLNode, _ expectations: [Expectation], fleet: [FleetReader.Entry]?,
        arms: [String], _ r: ScenarioReader
    ) {
        for (i, item) in (node.sequence ?? []).enumerated() {
            guard let nameNode = item.value(forKey: "segment"),
                let expectation = expectations.first(where: { $0.mark == item.mark }), let name = expectation.segment
            else { continue }
            let path = "expect[\(i + 1)].segment"
            guard let fleet else {
                r.error(
                    nameNode.mark,
                    "\(path) \(MessageText.quoted(name)) names a fleet segment, but this scenario "
                        + "has no fleet: section; drop it to bound the whole run, or add fleet: (docs/scenario-format.md)"
                )
                continue
            }
            // A fleet that did not read is reported already.
            guard !fleet.isEmpty else { return }
            let names = fleet.map(\.name)
            guard let entry = fleet.first(where: { $0.name == name }) else {
                r.error(
                    nameNode.mark,
                    "\(path) \(MessageText.quoted(name)) is not a segment of the fleet; "
                        + "its segments are " + names.joined(separator: ", ") + Suggestion.hint(for: name, in: names))
                continue
            }
            // A segment of a platform mix runs only its platform's arms (segments.csv has no other row).
            guard let platform = entry.platform else { continue }
            let own = arms.filter { $0.hasSuffix("/\(platform.rawValue)") }
            if !own.contains(where: expectation.applies(to:)) {
                r.error(
                    nameNode.mark,
                    "\(path) \(MessageText.quoted(name)) holds \(platform.rawValue) devices only, "
                        + "which run none of the arms \(MessageText.quoted(expectation.arm)) matches; its arms are "
                        + own.joined(separator: ", "))
            }
        }
    }

    /// A share of worlds in (0, 1], as a number or a percentage; only a study has worlds to count.
    static func probability(_ node: YAMLNode, _ path: String, hasStudy: Bool, _ r: ScenarioReader) -> Double? {
        guard let value = r.bound(node, path, percentAllowed: true) else { return nil }
        guard value > 0, value <= 1 else {
            r.error(
                node.mark,
                "\(path) is \(ScenarioReader.show(value)): a share of the uncertainty study's worlds, above 0 and at most 1 (e.g. 0.9 or 90%)"
            )
            return nil
        }
        guard hasStudy else {
            r.error(
                node.mark,
                "\(path) needs an uncertainty section: it is the share of the study's worlds in which the bound holds, "
                    + "and this scenario has no worlds; drop it to bound the scenario as written, or add uncertainty: (docs/scenario-format.md)"
            )
            return nil
        }
        return value
    }

    /// The `summary.csv` column `map`'s `metric` names, a rate's bare name (`missed`) meaning its
    /// rate as in the example of docs/model.md §6; nil when it names none (said).
    /// `utility` is allowed with an objective (`hasObjective` true); nil: not here (a constraint).
    static func metric(_ map: ScenarioSection, hasObjective: Bool?, _ r: ScenarioReader) -> String? {
        guard let metricNode = map["metric"], let metric = map.string("metric") else { return nil }
        if metric == Expectation.utility {
            guard let hasObjective else {
                r.error(
                    metricNode.mark,
                    "\(map.path("metric")) 'utility' cannot be constrained: it is what the objective maximises; "
                        + "bound a rate (such as missed) or change its weight")
                return nil
            }
            guard hasObjective else {
                r.error(
                    metricNode.mark,
                    "\(map.path("metric")) 'utility' needs an objective: section: the utility per cycle is its weighted sum "
                        + "(objective: { weights: { fresh: 1, missed: -2 } }, docs/scenario-format.md)")
                return nil
            }
            return metric
        }
        let names = SummaryColumns.names
        if names.contains("\(metric)_rate") { return "\(metric)_rate" }
        if names.contains(metric) { return metric }
        // Rates by their bare names too, as they are usually written.
        let bareRates = names.filter { $0.hasSuffix("_rate") }.map { String($0.dropLast("_rate".count)) }
        r.error(
            metricNode.mark,
            "\(map.path("metric")) '\(metric)' is not a summary.csv column"
                + Suggestion.hint(forPrefix: metric, in: bareRates + names.filter { !$0.hasSuffix("_rate") }))
        return nil
    }

    /// A bound in the column's unit: a number; for a rate also a percentage
    /// (`5%`); for a time in seconds (`*_s`) also a duration (`12h`, `90s`).
    /// A duration on any other column is an error that says what to write.
    static func bound(_ node: YAMLNode, _ path: String, column: SummaryColumn?, _ r: ScenarioReader) -> Double? {
        if let text = node.scalar, !node.isNull, Double(text) == nil,
            case .success(let millis) = DurationSyntax.parse(text)
        {
            guard let column else { return nil }  // the metric is already reported as unknown
            if column.unit == "s" { return millis / 1_000 }
            var message = "\(path): \(MessageText.quoted(text)) is a duration, but \(column.name) is "
            switch column.unit {
            case "fraction": message += "a fraction in [0, 1]; write a number such as 0.05 or a percentage such as 5%"
            case "count": message += "a count; write a whole number"
            default: message += "in \(column.unit); write a number"
            }
            let family = String(column.name.prefix { $0 != "_" })
            let times = SummaryColumns.all.filter { $0.unit == "s" }.map(\.name)
            let related = times.filter { $0.hasPrefix(family) }
            let examples = (related.isEmpty ? times : related).prefix(2).joined(separator: " or ")
            message += " (a duration bounds a time column in seconds, such as \(examples))"
            r.error(node.mark, message)
            return nil
        }
        return r.bound(node, path, percentAllowed: column?.unit == "fraction")
    }
}
