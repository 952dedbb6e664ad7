/// Every key a scenario file may hold, each declared once (`ScenarioKey`): the loader takes
/// each mapping's valid and required keys from here (and so rejects anything else with a
/// suggestion), docs/scenario-format.md's key tables are rendered from it
/// (`ScenarioKeyTables`), and `role(of:)` tells a lever from a condition.
///
/// The keys are listed in the order messages offer them; a mapping's keys keep their order.
public enum ScenarioKeyCatalog {
    public static let keys: [ScenarioKey] =
        runKeys + pluginKeys + platformKeys + worldKeys + strategyKeys + fleetKeys + decisionKeys

    /// Keys a sweep axis may name that are not written in a scenario: `lead` rewrites the fetch schedule.
    public static let sweepOnlyKeys: [ScenarioKey] = [
        ScenarioKey(
            "lead", .lever, type: "duration", default: "", range: "", table: "sweep-only",
            meaning: "Rewrites `plugin.contentFetch.schedule` to fire that long before a daily notification.",
            example: "`5m`")
    ]

    /// The valid keys of each mapping, by its path (the top level is ""), in catalog order.
    public static let tree: [String: [String]] = {
        var tree: [String: [String]] = [:]
        for key in keys {
            for path in key.paths { tree[parent(of: path), default: []].append(name(of: path)) }
        }
        return tree
    }()

    /// The required keys of each mapping, in catalog order.
    static let required: [String: [String]] = {
        var required: [String: [String]] = [:]
        for key in keys where key.isRequired {
            for path in key.paths { required[parent(of: path), default: []].append(name(of: path)) }
        }
        return required
    }()

    private static let byPath: [String: ScenarioKey] = {
        var byPath: [String: ScenarioKey] = [:]
        for key in keys + sweepOnlyKeys {
            for path in key.paths { byPath[path] = key }
        }
        return byPath
    }()

    /// The declared key at exactly `path` (catalog form: `[]` for list items).
    public static func key(at path: String) -> ScenarioKey? { byPath[path] }

    /// The role of the key a path names, in any form a sweep or a message writes it:
    /// `expect[2].max` and `sweep.1.key` as their list's `[]` item, `strategies.2.chained.guard`
    /// as the option, and a distribution's parameter (`platforms.ios.fetchTask.delay.lognormal.median`),
    /// a list item (`user.appOpenHours[3]`) or any key inside a declared one as that key. Nil when
    /// no declared key contains the path.
    public static func role(of path: String) -> ScenarioKeyRole? {
        var parts = normalized(path)
        while !parts.isEmpty {
            if let key = byPath[parts.joined(separator: ".")] { return key.role }
            // `user.appOpenHours[3]`: an item of a list that is one key.
            if parts[parts.count - 1].hasSuffix("[]") {
                parts[parts.count - 1].removeLast(2)
                continue
            }
            parts.removeLast()
        }
        return nil
    }

    /// `path` in catalog form: `parameters.2.key` as `parameters[].key`.
    public static func normalizedPath(_ path: String) -> String { normalized(path).joined(separator: ".") }

    /// Path parts with list indices folded into `[]` (`expect[2]`, `expect.2` → `expect[]`); a
    /// strategy's index is dropped, since its options sit under `strategies.<kind>`.
    private static func normalized(_ path: String) -> [String] {
        var parts: [String] = []
        for raw in path.split(separator: ".", omittingEmptySubsequences: false) {
            var part = String(raw)
            if let open = part.firstIndex(of: "["), part.last == "]" { part = String(part[..<open]) + "[]" }
            if !part.isEmpty, part.allSatisfy(\.isNumber), let last = parts.last {
                if !last.hasSuffix("[]") { parts[parts.count - 1] = last + "[]" }
                continue
            }
            parts.append(part)
        }
        if parts.first == "strategies[]" { parts[0] = "strategies" }
        return parts
    }

    static func parent(of path: String) -> String {
        path.lastIndex(of: ".").map { String(path[..<$0]) } ?? ""
    }

    static func name(of path: String) -> String {
        path.lastIndex(of: ".").map { String(path[path.index(after: $0)...]) } ?? path
    }
}
