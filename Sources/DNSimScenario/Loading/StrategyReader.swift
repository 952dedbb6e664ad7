import DNSimCore

/// Reads `strategies:`: names or one-key maps of options, each label unique.
enum StrategyReader {
    static func read(_ node: YAMLNode, _ r: ScenarioReader) -> [StrategyConfiguration] {
        guard let items = node.sequence, !items.isEmpty else {
            r.error(node.mark, "strategies must be a non-empty list, e.g. [independent, chained]")
            return []
        }
        let kinds = StrategyKind.allCases.map(\.rawValue)
        var result: [StrategyConfiguration] = []
        var labels: [String: SourceMark] = [:]
        var folded: [String: (label: String, mark: SourceMark)] = [:]
        for item in items {
            var kindNode = item
            var options: YAMLNode?
            if let pairs = item.mapping {
                guard pairs.count == 1 else {
                    r.error(
                        item.mark,
                        "a strategy with options is a one-key map, e.g. { chained: { guard: none, label: chained-noguard } }"
                    )
                    continue
                }
                kindNode = pairs[0].key
                options = pairs[0].value
            }
            guard let kindText = kindNode.scalar else {
                r.error(item.mark, "a strategy is a name or a one-key map"); continue
            }
            guard let kind = StrategyKind(rawValue: kindText) else {
                r.error(
                    kindNode.mark,
                    "unknown strategy '\(kindText)'; use \(kinds.dropLast().joined(separator: ", ")) or \(kinds.last!)"
                        + Suggestion.hint(for: kindText, in: kinds))
                continue
            }
            var strategy = StrategyConfiguration(kind: kind)
            // Messages name an option by its strategy (`chained.guard`); the catalog declares it under `strategies`.
            if let options, !options.isNull,
                let map = ScenarioSection(options, kindText, schema: "strategies.\(kindText)", r)
            {
                if let v = map.string("label") {
                    if let unsafe = MessageText.firstUnsafe(in: v) {
                        map.error(
                            "label",
                            "\(map.path("label")) \(MessageText.quoted(v)) holds \(MessageText.codePoint(unsafe.scalar)) (a control or "
                                + "bidirectional character) at character \(unsafe.position); "
                                + "a label names report rows, chart text and files: use printable characters")
                    } else if v.isEmpty || v.contains("/") || v.contains(",") {
                        map.error("label", "\(map.path("label")) must be non-empty and contain no '/' or ','")
                    } else {
                        strategy.label = v
                    }
                }
                // `onNews` has no cycle to take these; the section rejects them as undeclared.
                if map.declares("onEmpty"), let v = map.choice("onEmpty", as: EmptyFetchPolicy.self) {
                    strategy.onEmpty = v
                }
                if map.declares("carryUnshown"), let v = map.bool("carryUnshown") { strategy.carryUnshown = v }
                if map.declares("earlyFetch"), let v = map.choice("earlyFetch", as: EarlyFetchPolicy.self) {
                    strategy.earlyFetch = v
                }
                if map.declares("fetchOnOpen"), let v = map.bool("fetchOnOpen") { strategy.fetchOnOpen = v }
                if map.declares("defects"), let v = map.defects("defects", as: PluginDefect.self) {
                    strategy.defects = v
                }
                // The options of some kinds only.
                if map.declares("staleContent"), let v = map.choice("staleContent", as: StaleContentPolicy.self) {
                    strategy.staleContent = v
                }
                if map.declares("kind"), let v = map.choice("kind", as: PushKind.self) { strategy.pushKind = v }
                if map.declares("guard"), let v = map.choice("guard", as: GuardPolicy.self) { strategy.guardPolicy = v }
                if map.declares("guardHorizon"), let v = map.duration("guardHorizon", allowZero: false) {
                    strategy.guardHorizon = v
                }
                if map.declares("interval"), let v = map.duration("interval", allowZero: false) {
                    if v < WorkManagerConfiguration.minimumRepeatInterval {
                        map.error(
                            "interval",
                            "\(map.path("interval")) must be at least 15m: androidx runs periodic work no more often "
                                + "(did you mean 15m?)")
                    } else {
                        strategy.newsInterval = v
                    }
                }
                // An alert push's handler decides its cycle when the push arrives: it arms no guard.
                if kind == .push, strategy.pushKind == .alert,
                    let key = ["guard", "guardHorizon"].first(where: { map[$0] != nil })
                {
                    map.error(
                        key,
                        "\(map.path(key)) applies to kind: background only; "
                            + "an alert push arms no guard: its handler decides the cycle when the push arrives")
                }
            }
            // Two push arms of the same kind need labels of their own; give the background one a readable default.
            if kind == .push, strategy.pushKind == .background, strategy.label == "push",
                options?.value(forKey: "label") == nil
            {
                strategy.label = "silent-push"
            }
            if let first = labels[strategy.label] {
                r.error(
                    item.mark,
                    "strategy label '\(strategy.label)' is already used at line \(first.line); give this variant its own, "
                        + "e.g. { \(strategy.kind.rawValue): { label: \(strategy.label)-2 } }")
                continue
            }
            // Labels name telemetry folders: on a case-insensitive file system (macOS, Windows) `Chained` is `chained`.
            if let (other, mark) = folded[strategy.label.lowercased()] {
                r.error(
                    item.mark,
                    "strategy label '\(strategy.label)' differs from '\(other)' (line \(mark.line)) only in case; "
                        + "on a case-insensitive file system their files would collide: give it another label")
                continue
            }
            labels[strategy.label] = item.mark
            folded[strategy.label.lowercased()] = (strategy.label, item.mark)
            result.append(strategy)
        }
        return result
    }
}
