import DNSimCore
import Foundation

/// Reads a scenario file (YAML; JSON is valid YAML) into a validated
/// `Scenario`, or every problem found, each with its line and column.
public enum ScenarioLoader {
    /// Loads and validates the file at `path`.
    public static func load(path: String) throws(DiagnosticList) -> Scenario {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw DiagnosticList([Diagnostic(file: path, mark: nil, message: "no such file")])
        }
        guard !isDirectory.boolValue else {
            throw DiagnosticList([Diagnostic(file: path, mark: nil, message: "is a directory, not a scenario file")])
        }
        // Refused before reading, so a huge file is never loaded into memory.
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int,
            size > YAMLLimits.default.maxBytes
        {
            throw DiagnosticList([YAMLLimits.default.tooLarge(size, file: path)])
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DiagnosticList([Diagnostic(file: path, mark: nil, message: "cannot read the file")])
        }
        return try load(bytes: [UInt8](data), file: path)
    }

    /// Loads and validates a scenario given as bytes; `file` names it in messages.
    public static func load(bytes: [UInt8], file: String) throws(DiagnosticList) -> Scenario {
        let root: YAMLNode?
        do {
            root = try YAMLParser.parse(bytes, file: file)
        } catch {
            throw DiagnosticList([error])
        }
        guard let root, !root.isNull else {
            throw DiagnosticList([
                Diagnostic(file: file, mark: SourceMark(line: 1, column: 1), message: "the scenario file is empty")
            ])
        }
        let text = String(decoding: bytes, as: UTF8.self)
        if let misplaced = misplacedFile(root, text: text, file: file) { throw DiagnosticList([misplaced]) }
        return try load(root: root, text: text, file: file)
    }

    /// One clear error for the two files most often passed where a scenario belongs: the
    /// plugin's configuration and a telemetry CSV. Each has a command that takes it.
    private static func misplacedFile(_ root: YAMLNode, text: String, file: String) -> Diagnostic? {
        let start = SourceMark(line: 1, column: 1)
        let firstLine = text.prefix { $0 != "\n" && $0 != "\r" }
        let configuration = root.value(forKey: "config") ?? root
        if root.mapping != nil, root.value(forKey: "plugin") == nil,
            ["contentFetch", "userNotification", "relationship"].contains(where: {
                configuration.value(forKey: $0) != nil
            })
        {
            return Diagnostic(
                file: file, mark: start,
                message: "this is the plugin's DualScheduleConfiguration, not a scenario; "
                    + "make a scenario from it with: dnsim-events init --from \(file)",
                sourceLine: String(firstLine.prefix(120)))
        }
        if root.scalar != nil, firstLine.contains(","), !firstLine.contains(":") {
            return Diagnostic(
                file: file, mark: start,
                message: "this looks like a CSV table, not a scenario; "
                    + "to calibrate a scenario from telemetry, run: dnsim-events fit \(file)",
                sourceLine: String(firstLine.prefix(120)))
        }
        return nil
    }

    /// Validates an already parsed scenario (sweep points are built this way).
    static func load(root: YAMLNode, text: String, file: String) throws(DiagnosticList) -> Scenario {
        let reader = ScenarioReader(file: file, text: text)
        let scenario = build(root, reader)
        guard reader.diagnostics.isEmpty, var scenario else {
            throw DiagnosticList(
                reader.diagnostics.sorted {
                    ($0.mark ?? SourceMark(line: 0, column: 0))
                        < ($1.mark
                            ?? SourceMark(
                                line: 0,
                                column: 0))
                })
        }
        scenario.root = root
        scenario.sourceText = text
        scenario.warnings = reader.warnings
        if !scenario.fleetEntries.isEmpty {
            scenario.fleet = try FleetReader.segments(scenario.fleetEntries, of: &scenario, root: root, text: text)
        }
        return scenario
    }

    /// Reads each section with its reader, checks the rules between sections, then the
    /// sections that need both schedules (expectations name arms, sweeps and the calendar
    /// need a whole scenario).
    private static func build(_ root: YAMLNode, _ r: ScenarioReader) -> Scenario? {
        guard let top = ScenarioSection(root, "", r) else { return nil }
        let run = RunReader.read(top)
        var plugin = PluginConfiguration()
        var fetchSchedule: CronExpression?
        var notifySchedule: CronExpression?
        if let section = top.section("plugin") { (plugin, fetchSchedule, notifySchedule) = PluginReader.read(section) }
        let platforms = PlatformReader.read(top)
        let fetch = top.section("fetch").map(ServiceReader.fetch) ?? FetchConfiguration()
        let server = top.section("server").map(ServiceReader.server) ?? ServerConfiguration()
        var lifecycle = LifecycleSettings()
        var user = UserReader.Result()
        if let section = top.section("user") { user = UserReader.read(section, &lifecycle) }
        if let section = top.section("app") { LifecycleReader.readApp(section, &lifecycle) }
        let strategies = top["strategies"].map { StrategyReader.read($0, r) } ?? []
        var lateAfter = SimulationPlan.defaultLateAfter
        var freshWithin: Millis?
        var deviceFreshBelow = SimulationPlan.defaultDeviceFreshBelow
        var maxContentAge: Millis?
        let metrics = top.section("metrics")
        if let metrics {
            (lateAfter, freshWithin, deviceFreshBelow, maxContentAge) = RunReader.metrics(metrics, &lifecycle)
        }
        ScenarioRules.check(
            ScenarioRules.Parts(
                ios: platforms.ios, android: platforms.android, user: user.user, lifecycle: lifecycle,
                strategies: strategies, chargingWindow: user.charging, idleWindow: user.idle), top)
        guard let fetchSchedule, let notifySchedule else { return nil }
        var scenario = Scenario(
            file: r.file, name: run.name, seed: run.seed, devices: run.devices, days: run.days, start: run.start,
            timeZone: run.timeZone, fetchSchedule: fetchSchedule, notifySchedule: notifySchedule, plugin: plugin,
            ios: platforms.ios, android: platforms.android, fetch: fetch, server: server, user: user.user,
            strategies: strategies, lateAfter: lateAfter, expectations: [])
        scenario.deviceFreshBelow = deviceFreshBelow
        scenario.maxContentAge = maxContentAge
        scenario.deviceValues = r.deviceValues
        scenario.chargingWindow = user.charging
        scenario.idleWindow = user.idle
        scenario.summaryTimes = user.summaryTimes
        scenario.focusWindows = user.focus
        scenario.lifecycle = lifecycle
        scenario.platformsWithPushBlock = platforms.pushBlocks
        scenario.freshWithin = freshWithin
        for key in MetricDefinitions.allKeys {
            if let node = metrics?[key] { scenario.definitionMarks[key] = node.mark }
        }
        if let node = top["expect"] {
            scenario.expectations = ExpectationReader.read(
                node, arms: scenario.arms.map(\.name),
                hasStudy: top["uncertainty"] != nil,
                hasObjective: top["objective"] != nil, r)
        }
        if let node = top["fleet"] { scenario.fleetEntries = FleetReader.read(node, r) }
        // An expect: entry's segment names one of the fleet's, read just above.
        if let node = top["expect"] {
            let fleet = top["fleet"] == nil ? nil : scenario.fleetEntries
            let arms = scenario.arms.map(\.name)
            ExpectationReader.checkSegments(node, scenario.expectations, fleet: fleet, arms: arms, r)
        }
        if let node = top["sweep"] { scenario.sweep = SweepReader.read(node, r) }
        if let section = top.section("objective") { scenario.objective = ObjectiveReader.read(section) }
        if maxContentAge == nil { requireMaxContentAge(scenario, r) }
        if let section = top.section("uncertainty") {
            scenario.uncertainty = UncertaintyReader.read(section, segments: scenario.fleetEntries.map(\.name))
            if scenario.objective == nil && top["objective"] == nil {
                r.error(
                    top["uncertainty"]?.mark,
                    "uncertainty needs an objective: the utility the decision maximises, e.g. objective: { weights: { fresh: 1, missed: -2 } }"
                )
            }
            if top["sweep"] != nil {
                r.error(
                    top["uncertainty"]?.mark,
                    "uncertainty and sweep do not combine: a study runs every arm in each world; "
                        + "compare levers as arms, or write one study per sweep point")
            }
            if let settings = scenario.uncertainty,
                let problem = settings.sizeProblem(devices: settings.devices ?? run.devices, days: run.days)
            {
                r.error(section["samples"]?.mark ?? section.node.mark, problem)
            }
        }
        // Every sweep point builds each segment's scenario too.
        let points = scenario.sweep.reduce(1) { $0 * $1.values.count }
        if !scenario.fleetEntries.isEmpty, !scenario.sweep.isEmpty,
            points * (scenario.fleetEntries.count + 1) > SweepReader.maxPoints
        {
            r.error(
                top["sweep"]?.mark,
                "the sweep's \(points) points with a fleet of \(scenario.fleetEntries.count) segments "
                    + "build \(points * (scenario.fleetEntries.count + 1)) scenarios; "
                    + "at most \(SweepReader.maxPoints) (sweep fewer values or use fewer segments)")
        }
        if let section = top.section("precision") {
            scenario.precision = RunReader.precision(section, devices: run.devices)
        }
        if let calendar = ScenarioRules.calendar(scenario, top) {
            // Default freshWithin: the lead T − F (of the first cycle, for crons whose lead varies).
            scenario.defaultFreshWithin = calendar.notifyTimes[0] - calendar.fetchTimes[0]
            if r.diagnostics.isEmpty { EventEstimate.check(scenario, calendar: calendar, top: top, r) }
            if r.diagnostics.isEmpty { ScenarioWarnings.check(scenario, calendar: calendar, top: top, r) }
        }
        return scenario
    }

    /// `within_age` is measured only under `metrics.maxContentAge`: an `expect:` entry, a weight or a
    /// constraint naming it without the key would judge a column no report has.
    private static func requireMaxContentAge(_ scenario: Scenario, _ r: ScenarioReader) {
        let fix = "within_age is measured only when metrics.maxContentAge is set (e.g. metrics: { maxContentAge: 12h })"
        for entry in scenario.expectations where entry.metric.hasPrefix("within_age") {
            r.error(entry.mark, "expect: \(entry.metric): \(fix)")
        }
        guard let objective = scenario.objective else { return }
        if objective.weights.contains(where: { $0.term == .withinAge }) {
            r.error(objective.mark, "objective.weights: \(fix)")
        }
        for constraint in objective.constraints where constraint.metric.hasPrefix("within_age") {
            r.error(constraint.mark, "objective.constraints: \(constraint.metric): \(fix)")
        }
    }
}
