import DNSimCore

/// One mapping of a scenario being read. It knows its path as messages write it (`platforms.ios`,
/// `sweep[2]`, `chained`) and the catalog path its keys are declared at (`platforms.ios`,
/// `sweep[]`, `strategies.chained`), so a key's path is derived from the nesting, never retyped.
struct ScenarioSection {
    let reader: ScenarioReader
    /// The mapping's node, for messages about the mapping as a whole.
    let node: YAMLNode
    let path: String
    let schema: String
    private let entries: [String: YAMLNode]

    /// The mapping `node` whose keys the catalog declares at `schema` (by default `path`): unknown
    /// keys are rejected with a suggestion and missing required ones are reported; nil when
    /// `node` is not a mapping.
    init?(_ node: YAMLNode, _ path: String, schema: String? = nil, _ reader: ScenarioReader) {
        let schema = schema ?? path
        guard
            let entries = reader.mapping(
                node, path, known: ScenarioKeys.keys(at: schema),
                required: ScenarioKeyCatalog.required[schema] ?? [])
        else { return nil }
        self.reader = reader
        self.node = node
        self.path = path
        self.schema = schema
        self.entries = entries
    }

    var isEmpty: Bool { entries.isEmpty }

    /// Whether the catalog declares `key` here (a strategy's options differ by kind).
    func declares(_ key: String) -> Bool { ScenarioKeys.keys(at: schema).contains(key) }

    /// The value of `key`, which must be declared here (a typo in a reader is caught in any test).
    subscript(key: String) -> YAMLNode? {
        assert(declares(key), "'\(key)' is not declared at '\(schema)'")
        return entries[key]
    }

    /// `key`'s path as messages write it.
    func path(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The mapping at `key`, or nil when it is absent or not a mapping (said).
    func section(_ key: String) -> ScenarioSection? {
        self[key].flatMap { ScenarioSection($0, path(key), schema: schema.isEmpty ? key : "\(schema).\(key)", reader) }
    }

    /// The mapping at `key` unless it is absent or null.
    func optionalSection(_ key: String) -> ScenarioSection? {
        guard let node = self[key], !node.isNull else { return nil }
        return section(key)
    }

    // MARK: - Typed values, each with its derived path (nil when absent or invalid; the problem is said)

    func string(_ key: String) -> String? { self[key].flatMap { reader.string($0, path(key)) } }
    func bool(_ key: String) -> Bool? { self[key].flatMap { reader.bool($0, path(key)) } }
    func cron(_ key: String) -> CronExpression? { self[key].flatMap { reader.cron($0, path(key)) } }
    func distribution(_ key: String) -> Distribution? {
        self[key].flatMap { DistributionReader.read($0, path(key), reader) }
    }

    /// A number within the range the catalog declares for `key`.
    func number(_ key: String) -> Double? {
        guard case .number(let range)? = limits(key) else {
            preconditionFailure("\(schema).\(key) declares no number range")
        }
        if let node = self[key], node.mapping != nil {
            return DeviceValueReader.read(
                node, path(key), catalogPath: schema.isEmpty ? key : "\(schema).\(key)", range: range, reader)
        }
        return number(key, in: range)
    }

    /// A whole number within the range the catalog declares for `key`.
    func integer(_ key: String) -> Int? {
        guard case .integer(let range)? = limits(key) else {
            preconditionFailure("\(schema).\(key) declares no whole-number range")
        }
        return integer(key, in: range)
    }

    /// The catalog's range for `key`.
    func limits(_ key: String) -> ScenarioKeyLimits? {
        ScenarioKeyCatalog.key(at: schema.isEmpty ? key : "\(schema).\(key)")?.limits
    }

    func number(_ key: String, in range: ClosedRange<Double>) -> Double? {
        self[key].flatMap { reader.number($0, path(key), in: range) }
    }

    func integer(_ key: String, in range: ClosedRange<Int>) -> Int? {
        self[key].flatMap { reader.integer($0, path(key), in: range) }
    }

    /// Whole milliseconds within the catalog's range for `key` (a duration with a unit is refused with its number).
    func milliseconds(_ key: String) -> Int? {
        guard case .integer(let range)? = limits(key) else {
            preconditionFailure("\(schema).\(key) declares no whole-number range")
        }
        return self[key].flatMap { reader.milliseconds($0, path(key), in: range) }
    }

    func duration(_ key: String, allowZero: Bool = true, atMost limit: Millis? = nil) -> Millis? {
        self[key].flatMap { reader.duration($0, path(key), allowZero: allowZero, atMost: limit) }
    }

    /// A duration, or `never` (nil inside the result).
    func durationOrNever(_ key: String, allowZero: Bool = true) -> Millis?? {
        guard let node = self[key] else { return nil }
        if node.scalar == "never" { return .some(nil) }
        return reader.duration(node, path(key), allowZero: allowZero).map { .some($0) }
    }

    func choice<T: RawRepresentable & CaseIterable>(_ key: String, as type: T.Type) -> T? where T.RawValue == String {
        self[key].flatMap { reader.choice($0, path(key), as: type) }
    }

    func defects<Defect: RawRepresentable & CaseIterable & Hashable>(_ key: String, as type: Defect.Type) -> Set<
        Defect
    >?
    where Defect.RawValue == String {
        self[key].map { LifecycleReader.defects($0, path(key), as: type, reader) }
    }

    func error(_ key: String, _ message: String) { reader.error(self[key]?.mark, message) }
}
