import DNSimCore
import DNSimScenario

/// Where a run's reports go, and where `check` finds a scenario's own baseline.
///
/// A run with the scenario's own seed, devices and days writes `Reports/<name>/`,
/// the committed baseline. A run whose `--seed`, `--devices` or `--days` differ
/// from the file writes `Reports/<name>@devices=100/` (the overrides, in that
/// order), so a quick run never replaces a baseline written without them.
/// `--out DIR` puts `DIR/` in place of `Reports/` (`DIR/<name>/`, or
/// `DIR/<name>@devices=100/`), for one scenario as for several, so `--out
/// policy/Reports` writes the layout `check --baseline policy/Reports` reads.
public enum ReportFolders {
    public static let root = "Reports"

    /// `seed=7,devices=100,days=30`: the overrides that differ from the scenario file, or nil.
    /// `--devices` always counts for a scenario with a precision target, which it switches off.
    public static func overrideTag(_ scenario: Scenario, _ overrides: RunOverrides) -> String? {
        var parts: [String] = []
        if let seed = overrides.seed, seed != scenario.seed { parts.append("seed=\(seed)") }
        if let devices = overrides.devices, devices != scenario.devices || scenario.precision != nil {
            parts.append("devices=\(devices)")
        }
        if let days = overrides.days, days != scenario.days { parts.append("days=\(days)") }
        if let platform = overrides.platform, scenario.platforms != [platform] {
            parts.append("platform=\(platform.rawValue)")
        }
        return parts.isEmpty ? nil : parts.joined(separator: ",")
    }

    /// `Reports/<name>` or `Reports/<name>@<overrides>` (`ROOT/…` with `root`).
    public static func defaultFolder(_ scenario: Scenario, _ overrides: RunOverrides, root: String = root) -> String {
        "\(root)/\(scenario.name)" + (overrideTag(scenario, overrides).map { "@\($0)" } ?? "")
    }

    /// The folder a run of `scenario` writes: `Reports/<name>/`, or `DIR/<name>/`
    /// with `--out DIR`, tagged with the overrides either way, so that `--out
    /// policy/Reports --devices 100` keeps away from the baseline as a default run does.
    public static func folder(_ scenario: Scenario, _ overrides: RunOverrides, out: String?) -> String {
        defaultFolder(scenario, overrides, root: out ?? root)
    }

    /// What to say when a run keeps away from the baseline folder, or nil.
    public static func note(_ scenario: Scenario, _ overrides: RunOverrides, out: String?) -> String? {
        guard let tag = overrideTag(scenario, overrides) else { return nil }
        let base = out ?? root
        let settings = tag.split(separator: ",")
        // --seed, --devices, --days set values other than the file's; --platform sets none: it runs a part
        // of the scenario.
        let valued = settings.filter { !$0.hasPrefix("platform=") }.map { "--" + $0.prefix { $0 != "=" } }
        var reasons = valued.isEmpty ? [] : ["\(valued.joined(separator: ", ")) differ from \(scenario.file)"]
        if let platform = overrides.platform, settings.contains(where: { $0.hasPrefix("platform=") }) {
            reasons.append(
                "--platform \(platform.rawValue) runs only the \(platform.rawValue) arms of "
                    + (valued.isEmpty ? scenario.file : "it"))
        }
        return "note: \(scenario.name): \(reasons.joined(separator: " and ")), "
            + "so this run writes \(folder(scenario, overrides, out: out))/ "
            + "and leaves \(base)/\(scenario.name)/ (a baseline written without them) as it is"
    }

    /// A folder named on the command line without its trailing slashes (`a//` → `a`; `/` stays `/`).
    public static func trimmed(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }
}
