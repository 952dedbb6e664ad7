/// The keys of a scenario file as the loader checks them: each mapping's valid keys come from
/// `ScenarioKeyCatalog` (where every key is declared once), and a distribution's family and
/// parameters from here.
public enum ScenarioKeys {
    /// Every mapping's valid keys, by its dotted path (`[]` for any item of a list).
    public static var tree: [String: [String]] { ScenarioKeyCatalog.tree }

    /// Each distribution family's parameters (docs/model.md §6); mixtures add `weight` to each component.
    public static let distributionParameters: [String: [String]] = [
        "fixed": [], "exponential": ["mean"], "lognormal": ["median", "sigma"], "uniform": ["min", "max"],
        "gamma": ["shape", "scale"], "weibull": ["shape", "scale"], "empirical": ["points"], "mixture": ["weight"],
    ]

    /// The families in the order messages list them.
    public static let distributionFamilies = [
        "fixed", "exponential", "lognormal", "uniform", "gamma", "weibull", "empirical",
        "mixture",
    ]

    /// The valid keys of the mapping at `path`.
    public static func keys(at path: String) -> [String] {
        guard let keys = ScenarioKeyCatalog.tree[path] else {
            preconditionFailure("no scenario keys are declared at '\(path)'")
        }
        return keys
    }

    /// Every key name anywhere in a scenario.
    public static var allKeys: Set<String> {
        Set(
            ScenarioKeyCatalog.tree.values.flatMap { $0 } + distributionFamilies
                + distributionParameters.values.flatMap { $0 })
    }
}
