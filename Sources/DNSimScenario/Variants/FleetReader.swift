import DNSimCore

/// Reads `fleet:`, a list of `{ segment, share, set }`, and builds each segment's scenario the
/// way a sweep builds its points: the file with the segment's values set, loaded and validated
/// like any scenario (docs/model.md §2 "Fleets").
enum FleetReader {
    /// Each segment has a world and simulators per worker: a real fleet has a handful.
    static let maxSegments = 32
    static let maxNameLength = 100
    /// How far from 1 the shares may add up, for decimal fractions written by hand.
    static let shareTolerance = 1e-9

    /// A segment as written, before its scenario is built.
    struct Entry: Sendable {
        var name: String
        var share: Double
        var settings: [VariantSetting]
        var platform: Platform?
        var mark: SourceMark
    }

    static func read(_ node: YAMLNode, _ r: ScenarioReader) -> [Entry] {
        guard let items = node.sequence, !items.isEmpty else {
            r.error(node.mark, "fleet must be a non-empty list of { segment, share, set } entries")
            return []
        }
        guard items.count <= maxSegments else {
            r.error(node.mark, "fleet has \(items.count) segments; at most \(maxSegments)")
            return []
        }
        var entries: [Entry] = []
        var names: [(name: String, line: Int)] = []
        var total = 0.0
        var complete = true
        for (i, item) in items.enumerated() {
            guard let map = ScenarioSection(item, "fleet[\(i + 1)]", schema: "fleet[]", r) else {
                complete = false; continue
            }
            let name = map.string("segment").flatMap { checkedName($0, map, names) }
            let share = map.number("share", in: 0...1)
            if let share, share <= 0 {
                map.error("share", "\(map.path("share")) must be above 0 (leave out a segment with no devices)")
            }
            let settings = map["set"].map { self.settings($0, map.path("set"), r) } ?? []
            var platform: Platform?
            var platformValid = true
            if let text = map.string("platform") {
                platform = Platform(rawValue: text)
                if platform == nil {
                    platformValid = false
                    map.error(
                        "platform",
                        "\(map.path("platform")) must be ios or android, not \(MessageText.quoted(text))"
                            + Suggestion.hint(for: text, in: Platform.allCases.map(\.rawValue)))
                }
            }
            if let name { names.append((name, map["segment"]?.mark.line ?? 0)) }
            guard let name, let share, share > 0, let settings, platformValid else { complete = false; continue }
            total += share
            entries.append(Entry(name: name, share: share, settings: settings, platform: platform, mark: item.mark))
        }
        // A mix is all or nothing: a segment without a platform would run both platforms' arms.
        if complete, entries.contains(where: { $0.platform != nil }),
            let bare = entries.first(where: { $0.platform == nil })
        {
            r.error(
                bare.mark,
                "fleet segment \(MessageText.quoted(bare.name)) names no platform while others do; "
                    + "give every segment its platform (the shares are then the install base's platform mix) or none")
            complete = false
        }
        if complete, abs(total - 1) > shareTolerance {
            r.error(node.mark, "the fleet's shares add to \(ScenarioReader.show(total)), not 1")
        }
        return entries
    }

    /// The label rules: non-empty, no control characters, `/` or `,`, unique even ignoring case.
    private static func checkedName(_ name: String, _ map: ScenarioSection, _ earlier: [(name: String, line: Int)])
        -> String?
    {
        let path = map.path("segment")
        if name.isEmpty || name.count > maxNameLength {
            map.error("segment", "\(path) must be 1 to \(maxNameLength) characters")
            return nil
        }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) || name.contains("/")
            || name.contains(",")
        {
            map.error("segment", "\(path) must contain no control characters, '/' or ','")
            return nil
        }
        if let same = earlier.first(where: { $0.name.lowercased() == name.lowercased() }) {
            let how =
                same.name == name ? "is already used" : "differs only in case from \(MessageText.quoted(same.name))"
            map.error(
                "segment",
                "segment name \(MessageText.quoted(name)) \(how) at line \(same.line); give each segment its own name")
            return nil
        }
        return name
    }

    /// The `set` mapping: dotted condition keys and their values, or nil when one is wrong (said).
    private static func settings(_ node: YAMLNode, _ path: String, _ r: ScenarioReader) -> [VariantSetting]? {
        if node.isNull { return [] }
        guard let pairs = node.mapping else {
            r.error(
                node.mark,
                "\(path) must be a mapping of dotted condition keys to values, such as { platforms.android.exactAlarmPermission: false }"
            )
            return nil
        }
        var settings: [VariantSetting] = []
        var valid = true
        for pair in pairs {
            let key = pair.key.scalar ?? ""
            if let problem = problem(ofKey: key, at: path) {
                r.error(pair.key.mark, problem)
                valid = false
                continue
            }
            settings.append(
                VariantSetting(
                    key: key, path: key.split(separator: ".").map(String.init), value: pair.value, mark: pair.key.mark))
        }
        return valid ? settings : nil
    }

    /// The condition keys a `set` may name, for suggestions.
    static let conditionKeys: [String] = ScenarioKeyCatalog.keys
        .filter { $0.role == .condition }
        .flatMap(\.paths)
        .filter { !$0.contains("[]") && !$0.hasPrefix("fleet") }

    /// Why `key` cannot be set by a segment, or nil: it must name a condition (by the
    /// catalog's roles, so any condition key works, however nested).
    static func problem(ofKey key: String, at path: String) -> String? {
        if SweepAxis.shapeProblem(ofKey: key, at: path) != nil || key.isEmpty
            || key.split(
                separator: ".",
                omittingEmptySubsequences: false
            ).contains("")
        {
            return
                "\(path): \(MessageText.quoted(key)) is not a dotted scenario key such as platforms.android.exactAlarmPermission"
        }
        if key == "fleet" || key.hasPrefix("fleet.") {
            return "\(path): a segment cannot set \(MessageText.quoted(key)); segments are not nested"
        }
        let role = ScenarioKeyCatalog.role(of: key)
        // Inside a mapping of levers and conditions, only its declared keys exist.
        if role == .mixed, ScenarioKeyCatalog.key(at: key) == nil {
            return "\(path): unknown key \(MessageText.quoted(key))" + Suggestion.hint(for: key, in: conditionKeys)
        }
        switch role {
        case .condition?: return nil
        case .lever?:
            return
                "\(path): \(MessageText.quoted(key)) is a lever; a segment sets conditions only (compare levers as arms or sweep points)"
        case .run?, .definition?:
            return "\(path): \(MessageText.quoted(key)) is \(role == .run ? "a run key" : "a definition"); "
                + "a segment sets conditions only, and the whole fleet shares the run and its definitions"
        case .mixed?:
            let example = conditionKeys.first { $0.hasPrefix(key + ".") } ?? "platforms.android.doze"
            return
                "\(path): \(MessageText.quoted(key)) holds levers and conditions; set its condition keys one by one (e.g. \(example))"
        case nil:
            return "\(path): unknown key \(MessageText.quoted(key))" + Suggestion.hint(for: key, in: conditionKeys)
        }
    }
}

extension FleetReader {
    /// Each entry's scenario: `base` (the file without `fleet`, `sweep`, `uncertainty` and `expect`,
    /// whose entries may name segments and are checked once, on the whole) with the entry's values
    /// set, loaded. A segment must simulate the scenario's arms; its warnings that the scenario
    /// itself does not give are kept, named by the segment.
    static func segments(_ entries: [Entry], of scenario: inout Scenario, root: YAMLNode, text: String)
        throws(DiagnosticList) -> [ScenarioSegment]
    {
        let variants = ScenarioVariants(
            root: root, dropping: ["fleet", "sweep", "uncertainty", "expect"], text: text,
            file: scenario.file,
            calendarCache: scenario.calendarCache, defaultFreshWithin: scenario.defaultFreshWithin)
        let reader = ScenarioReader(file: scenario.file, text: text)
        var segments: [ScenarioSegment] = []
        var warnings: [Diagnostic] = []
        let armNames = scenario.arms.map(\.name)
        for entry in entries {
            let named = "in fleet segment \(MessageText.quoted(entry.name))"
            let node: YAMLNode
            switch variants.placing(entry.settings) {
            case .failure(let unplaced):
                reader.error(
                    unplaced.setting.mark,
                    "\(named): \(MessageText.quoted(unplaced.setting.key)) does not name a place in the scenario")
                continue
            case .success(let placed): node = placed
            }
            switch variants.load(node, context: named) {
            case .failure(let error):
                throw DiagnosticList(reader.diagnostics + error.diagnostics)
            case .success(let loaded):
                if loaded.arms.map(\.name) != armNames {
                    let setting = entry.settings.first { $0.key.hasPrefix("platforms.") }
                    reader.error(
                        setting?.mark ?? entry.mark,
                        "\(named): the segment's platforms differ from the scenario's; "
                            + "a segment sets conditions of the platforms the scenario simulates")
                    continue
                }
                for warning in loaded.warnings
                where !scenario.warnings.contains(where: { $0.message == warning.message && $0.mark == warning.mark }) {
                    var warning = warning
                    warning.message = MessageText.bounded("\(named): \(warning.message)")
                    warnings.append(warning)
                }
                if let platform = entry.platform, !loaded.platforms.contains(platform) {
                    reader.error(
                        entry.mark,
                        "\(named): platform \(platform.rawValue) is not simulated (add platforms.\(platform.rawValue))")
                    continue
                }
                segments.append(
                    ScenarioSegment(
                        name: entry.name, share: entry.share, platform: entry.platform,
                        settings: entry.settings.map { ($0.key, SweepAxis.label($0.value)) }, scenario: loaded))
            }
        }
        if entries.contains(where: { $0.platform != nil }) {
            for platform in Platform.allCases
            where scenario.platforms.contains(platform) && !entries.contains(where: { $0.platform == platform }) {
                reader.error(
                    entries.first?.mark,
                    "the fleet mixes platforms but no segment has platform \(platform.rawValue), "
                        + "which the scenario simulates; give it a segment or remove platforms.\(platform.rawValue)")
            }
        }
        if !reader.diagnostics.isEmpty { throw DiagnosticList(reader.diagnostics) }
        scenario.warnings += warnings
        return segments
    }
}
