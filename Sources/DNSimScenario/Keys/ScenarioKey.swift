import DNSimCore

/// One key a scenario file may hold, declared once in `ScenarioKeyCatalog`: where it is
/// accepted, its role, and the line of docs/scenario-format.md that documents it.
///
/// Paths are dotted; `[]` stands for any item of a list (`expect[].arm`) and a strategy's
/// options sit under `strategies.<kind>`. A distribution's own keys (`…delay.lognormal.median`)
/// are not declared: they belong to the key that takes the distribution.
public struct ScenarioKey: Sendable {
    /// Every place the key is accepted; more than one only for an option several strategies share.
    public let paths: [String]
    public let role: ScenarioKeyRole
    /// Why the key has its role, where that is not plain.
    public let why: String?
    /// The documentation, as the table cells show it (Markdown). Empty for a part.
    public let type: String
    public let defaultValue: String
    /// The Range column: the limits' text and any note, or the note alone.
    public let range: String
    /// The numeric range the reader checks, for a number or whole-number key.
    public let limits: ScenarioKeyLimits?
    public let meaning: String
    public let example: String
    /// The docs table that shows the key, or nil for a part: a key of a small mapping
    /// (`user.charging.start`) that its parent's row describes.
    public let table: String?

    /// The Type column of a number that may differ by device (`{ perDevice: … }`).
    static let perDeviceNumber = "number or [`perDevice`](#per-device-values)"

    public var path: String { paths[0] }
    public var name: String { String(path.split(separator: ".").last ?? "") }
    /// Declared `required`: leaving it out of its mapping is an error.
    public var isRequired: Bool { defaultValue == "required" }

    /// A key with a row of its own, in the table of its mapping unless `table` says otherwise.
    /// `range` is the Range column, or with `limits` a note after them (`; needs disabledFor`).
    init(
        _ path: String, _ role: ScenarioKeyRole, type: String, default defaultValue: String,
        limits: ScenarioKeyLimits? = nil,
        range: String = "", table: String? = nil, why: String? = nil, meaning: String, example: String
    ) {
        self.init(
            paths: [path], role: role, why: why, type: type, defaultValue: defaultValue,
            range: (limits?.text ?? "") + range,
            limits: limits, meaning: meaning, example: example, table: table ?? ScenarioKeyCatalog.parent(of: path))
    }

    /// A strategy option, accepted under each of `kinds`.
    init(
        option name: String, of kinds: [StrategyKind], _ role: ScenarioKeyRole, type: String,
        default defaultValue: String,
        range: String, table: String, meaning: String, example: String
    ) {
        self.init(
            paths: kinds.map { "strategies.\($0.rawValue).\(name)" }, role: role, why: nil, type: type,
            defaultValue: defaultValue, range: range, limits: nil, meaning: meaning, example: example, table: table)
    }

    /// A part: a key that its parent's row documents.
    static func part(
        _ path: String, _ role: ScenarioKeyRole, why: String? = nil, required: Bool = false, type: String = "",
        limits: ScenarioKeyLimits? = nil
    ) -> ScenarioKey {
        ScenarioKey(
            paths: [path], role: role, why: why, type: type, defaultValue: required ? "required" : "", range: "",
            limits: limits, meaning: "", example: "", table: nil)
    }

    private init(
        paths: [String], role: ScenarioKeyRole, why: String?, type: String, defaultValue: String, range: String,
        limits: ScenarioKeyLimits?, meaning: String, example: String, table: String?
    ) {
        self.paths = paths
        self.role = role
        self.why = why
        self.type = type
        self.defaultValue = defaultValue
        self.range = range
        self.limits = limits
        self.meaning = meaning
        self.example = example
        self.table = table
    }
}
