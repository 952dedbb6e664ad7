import DNSimCore
import DNSimText
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
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > YAMLLimits.default.maxBytes {
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
            throw DiagnosticList([Diagnostic(file: file, mark: SourceMark(line: 1, column: 1), message: "the scenario file is empty")])
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
           ["contentFetch", "userNotification", "relationship"].contains(where: { configuration.value(forKey: $0) != nil }) {
            return Diagnostic(file: file, mark: start, message: "this is the plugin's DualScheduleConfiguration, not a scenario; "
                                  + "make a scenario from it with: dnsim-events init --from \(file)",
                              sourceLine: String(firstLine.prefix(120)))
        }
        if root.scalar != nil, firstLine.contains(","), !firstLine.contains(":") {
            return Diagnostic(file: file, mark: start, message: "this looks like a CSV table, not a scenario; "
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
            throw DiagnosticList(reader.diagnostics.sorted { ($0.mark ?? SourceMark(line: 0, column: 0)) < ($1.mark ?? SourceMark(line: 0, column: 0)) })
        }
        scenario.root = root
        scenario.sourceText = text
        scenario.warnings = reader.warnings
        return scenario
    }

    private static func build(_ root: YAMLNode, _ r: ScenarioReader) -> Scenario? {
        guard let top = r.section(root, "",
                                  required: ["name", "devices", "days", "start", "plugin", "platforms", "strategies"]) else { return nil }
        var name = "scenario"
        if let node = top["name"], let text = r.string(node, "name") {
            if !Scenario.isValidName(text) {
                r.error(node.mark, "name '\(text.prefix(40))' must be letters, digits, '-', '_' or '.' (it names the report folder)")
            } else {
                name = text
            }
        }
        if let node = top["description"] { _ = r.string(node, "description") }
        var seed: UInt64 = 1
        if let node = top["seed"] {
            if let exact = node.isQuoted ? nil : node.scalar.flatMap({ UInt64($0) }) {
                seed = exact
            } else {
                r.error(node.mark, "seed must be a whole number from 0 to 18446744073709551615, not \(node.scalar.map { "'\($0.prefix(40))'" } ?? node.typeName)")
            }
        }
        let devices = top["devices"].flatMap { r.integer($0, "devices", in: 1...Scenario.maxDevices) } ?? 1
        let days = top["days"].flatMap { r.integer($0, "days", in: 1...Scenario.maxDays) } ?? 1
        let start = top["start"].flatMap { date($0, r) } ?? Scenario.LocalDate(year: 2027, month: 1, day: 1)
        var timeZone = ZonedCalendar(identifier: "UTC")!
        if let node = top["timeZone"], let id = r.string(node, "timeZone") {
            switch TimeZoneResolver.resolve(id) {
            case .success(let zone): timeZone = zone
            case .failure(let problem): r.error(node.mark, problem.message)
            }
        }
        var plugin = PluginConfiguration()
        var fetchSchedule: CronExpression?
        var notifySchedule: CronExpression?
        if let node = top["plugin"] { (fetchSchedule, notifySchedule) = readPlugin(node, &plugin, r) }
        let scheduleMark = { (section: String) in
            top["plugin"]?.value(forKey: section)?.value(forKey: "schedule")?.mark ?? top["plugin"]?.mark
        }

        var ios: IOSConfiguration?
        var android: AndroidConfiguration?
        if let node = top["platforms"], let platforms = r.section(node, "platforms") {
            if let node = platforms["ios"] { ios = PlatformReader.readIOS(node, r) }
            if let node = platforms["android"] { android = PlatformReader.readAndroid(node, r) }
            if platforms.isEmpty { r.error(node.mark, "platforms needs ios, android or both") }
        }
        var fetch = FetchConfiguration()
        if let node = top["fetch"], let map = r.section(node, "fetch") {
            if let n = map["latency"], let d = DistributionReader.read(n, "fetch.latency", r) { fetch.latency = d }
            if let n = map["failure"], let p = r.probability(n, "fetch.failure") { fetch.failure = p }
            if let n = map["copy"], !n.isNull { fetch.copy = CopyTemplateReader.read(n, r) }
        }
        var server = ServerConfiguration()
        if let node = top["server"], let map = r.section(node, "server") {
            if let n = map["updatesPerDay"], let v = r.number(n, "server.updatesPerDay", in: 0...100_000) { server.updatesPerDay = v }
            if let n = map["starredPlans"], let v = r.integer(n, "server.starredPlans", in: 1...10_000) { server.starredPlans = v }
        }
        var user = UserConfiguration()
        var lifecycle = LifecycleSettings()
        var chargingWindow: DailyWindow?
        var idleWindow: DailyWindow?
        if let node = top["user"], let map = r.section(node, "user") {
            if let n = map["appOpensPerDay"], let v = r.number(n, "user.appOpensPerDay", in: 0...1_000) { user.appOpensPerDay = v }
            if let n = map["appOpenHours"] { user.appOpenHours = hourWeights(n, "user.appOpenHours", r) }
            if let n = map["forceQuitPerDay"], let v = r.number(n, "user.forceQuitPerDay", in: 0...1_000) { user.forceQuitPerDay = v }
            if let n = map["tokenLifetime"], n.scalar != "never", let v = r.duration(n, "user.tokenLifetime", allowZero: false) {
                user.tokenLifetime = v
            }
            if let n = map["rebootsPerDay"], let v = r.number(n, "user.rebootsPerDay", in: 0...100) { user.rebootsPerDay = v }
            if let n = map["lowPowerMode"], let (rate, duration, hours) = periods(n, "user.lowPowerMode", r) {
                user.lowPowerPerDay = rate
                user.lowPowerDuration = duration
                user.lowPowerHours = hours
            }
            if let n = map["offline"], let (rate, duration, hours) = periods(n, "user.offline", r) {
                user.offlinePerDay = rate
                user.offlineDuration = duration
                user.offlineHours = hours
            }
            // null: no window, as when the key is absent (so a sweep can turn one off).
            if let n = map["charging"], !n.isNull { chargingWindow = dailyWindow(n, "user.charging", r) }
            if let n = map["idle"], !n.isNull { idleWindow = dailyWindow(n, "user.idle", r) }
            LifecycleReader.readUser(map, &user, &lifecycle, r)
        }
        if let node = top["app"] { LifecycleReader.readApp(node, &lifecycle, r) }
        var strategies: [StrategyConfiguration] = []
        if let node = top["strategies"] { strategies = StrategyReader.read(node, r) }
        var lateAfter = 60 * SimTime.second
        var freshWithin: Millis?
        if let node = top["metrics"], let map = r.section(node, "metrics") {
            if let n = map["lateAfter"], let v = r.duration(n, "metrics.lateAfter") { lateAfter = v }
            if let n = map["freshWithin"], let v = r.duration(n, "metrics.freshWithin", allowZero: false) { freshWithin = v }
            if let n = map["duplicateWindow"], let v = r.duration(n, "metrics.duplicateWindow", allowZero: false, atMost: SimTime.day) {
                lifecycle.duplicateWindow = v
            }
        }
        guard let fetchSchedule, let notifySchedule else { return nil }
        var scenario = Scenario(
            file: r.file, name: name, seed: seed, devices: devices, days: days, start: start, timeZone: timeZone,
            fetchSchedule: fetchSchedule, notifySchedule: notifySchedule, plugin: plugin, ios: ios, android: android,
            fetch: fetch, server: server, user: user, strategies: strategies, lateAfter: lateAfter, expectations: [])
        scenario.chargingWindow = chargingWindow
        scenario.lifecycle = lifecycle
        if let platforms = top["platforms"] {
            scenario.platformsWithPushBlock = Set(Platform.allCases.filter { platform in
                platforms.value(forKey: platform.rawValue)?.value(forKey: "push").map { !$0.isNull } ?? false
            })
        }
        scenario.idleWindow = idleWindow
        scenario.freshWithin = freshWithin
        if let ios, ios.requiresExternalPower, chargingWindow == nil {
            r.error(top["platforms"]?.value(forKey: "ios")?.mark, "requiresExternalPower needs user.charging windows (e.g. { start: \"23:00\", end: \"07:00\" })")
        }
        if let android, android.push.priority == .normal, android.doze == nil, strategies.contains(where: { $0.kind == .push }) {
            r.warning(top["platforms"]?.value(forKey: "android")?.value(forKey: "push")?.mark,
                      "platforms.android.push.priority normal waits only for Doze, and this scenario has no platforms.android.doze: it behaves as high")
        }
        if let android, android.doze != nil, idleWindow == nil {
            r.error(top["platforms"]?.value(forKey: "android")?.mark, "doze needs user.idle windows, when the phone lies still (e.g. { start: \"00:00\", end: \"07:00\" })")
        }
        if let node = top["expect"] { scenario.expectations = ExpectationReader.read(node, arms: scenario.arms.map(\.name), r) }
        if let node = top["sweep"] { scenario.sweep = readSweep(node, r) }
        if let node = top["precision"], let map = r.section(node, "precision", required: ["halfWidth"]) {
            let half = map["halfWidth"].flatMap { r.bound($0, "precision.halfWidth", percentAllowed: true) }
            let cap = map["maxDevices"].map { r.integer($0, "precision.maxDevices", in: 1...Scenario.maxDevices) } ?? 100_000
            if let half, !(half > 0 && half < 0.5) {
                r.error(map["halfWidth"]?.mark, "precision.halfWidth must be above 0 and below 50% (e.g. 0.5%)")
            } else if let half, let cap {
                if cap < devices { r.error(map["maxDevices"]?.mark, "precision.maxDevices \(cap) is below devices \(devices)") }
                scenario.precision = PrecisionTarget(halfWidth: half, maxDevices: cap)
            }
        }
        switch scenario.calendar(days: days) {
        case .failure(let problem):
            switch problem {
            case .noNotifications, .tooManyCycles: r.error(scheduleMark("userNotification"), problem.message)
            case .noFetch: r.error(scheduleMark("contentFetch"), problem.message)
            }
        case .success(let calendar):
            // Default freshWithin: the lead T − F (of the first cycle, for crons whose lead varies).
            scenario.defaultFreshWithin = calendar.notifyTimes[0] - calendar.fetchTimes[0]
            if r.diagnostics.isEmpty { ScenarioWarnings.check(scenario, calendar: calendar, top: top, r) }
        }
        return scenario
    }

    private static func date(_ node: YAMLNode, _ r: ScenarioReader) -> Scenario.LocalDate? {
        guard let text = r.string(node, "start") else { return nil }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
           let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
           (1970...9000).contains(year), CivilDate.isValid(year: year, month: month, day: day) {
            return Scenario.LocalDate(year: year, month: month, day: day)
        }
        r.error(node.mark, "start '\(text.prefix(40))' must be a date YYYY-MM-DD between 1970 and 9000")
        return nil
    }

    private static func readPlugin(_ node: YAMLNode, _ plugin: inout PluginConfiguration,
                                   _ r: ScenarioReader) -> (CronExpression?, CronExpression?) {
        guard let map = r.section(node, "plugin", required: ["contentFetch", "userNotification"]) else { return (nil, nil) }
        var fetchSchedule: CronExpression?
        var notifySchedule: CronExpression?
        // The keys of DualScheduleConfiguration the app sends; those that do not change timing are checked and kept.
        if let node = map["contentFetch"], let fetch = r.section(node, "plugin.contentFetch", required: ["schedule"]) {
            if let n = fetch["schedule"] { fetchSchedule = r.cron(n, "plugin.contentFetch.schedule") }
            if let n = fetch["enabled"], let v = r.bool(n, "plugin.contentFetch.enabled") { plugin.fetchEnabled = v }
            if let n = fetch["callbacks"], n.mapping == nil, !n.isNull { r.error(n.mark, "plugin.contentFetch.callbacks must be a mapping") }
            // The plugin's own retry settings, in milliseconds as the plugin defines them.
            if let n = fetch["timeout"], let v = r.integer(n, "plugin.contentFetch.timeout (milliseconds)", in: 1...Int(SimTime.day)) {
                plugin.fetchTimeout = Millis(v)
            }
            if let n = fetch["retryAttempts"], let v = r.integer(n, "plugin.contentFetch.retryAttempts", in: 0...100) {
                plugin.retryAttempts = v
            }
            if let n = fetch["retryDelay"], let v = r.integer(n, "plugin.contentFetch.retryDelay (milliseconds)", in: 0...Int(SimTime.day)) {
                plugin.retryDelay = Millis(v)
            }
        }
        if let node = map["userNotification"], let notify = r.section(node, "plugin.userNotification", required: ["schedule"]) {
            if let n = notify["schedule"] { notifySchedule = r.cron(n, "plugin.userNotification.schedule") }
            if let n = notify["title"], let v = r.string(n, "plugin.userNotification.title") { plugin.fallbackTitle = v }
            if let n = notify["body"], let v = r.string(n, "plugin.userNotification.body") { plugin.fallbackBody = v }
            if let n = notify["enabled"], let v = r.bool(n, "plugin.userNotification.enabled"), !v {
                r.error(n.mark, "plugin.userNotification.enabled is false: there is nothing to simulate")
            }
            if let n = notify["sound"] { _ = r.bool(n, "plugin.userNotification.sound") }
            if let n = notify["priority"] {
                let options = ["min", "low", "normal", "default", "high", "max"]
                if let v = r.string(n, "plugin.userNotification.priority"), !options.contains(v) {
                    r.error(n.mark, "plugin.userNotification.priority '\(v)' is not one of \(options.joined(separator: ", "))"
                        + Suggestion.hint(for: v, in: options))
                }
            }
        }
        if let n = map["defects"] { plugin.defects = LifecycleReader.defects(n, "plugin.defects", as: PluginDefect.self, r) }
        if let node = map["relationship"], let relationship = r.section(node, "plugin.relationship") {
            if let n = relationship["autoLink"] { _ = r.bool(n, "plugin.relationship.autoLink") }
            if let n = relationship["contentTimeout"],
               let v = r.milliseconds(n, "plugin.relationship.contentTimeout", in: 0...Int(30 * SimTime.day)) {
                plugin.contentTimeout = Millis(v)
            }
            if let n = relationship["fallbackBehavior"],
               let v = r.choice(n, "plugin.relationship.fallbackBehavior", as: FallbackBehavior.self) {
                plugin.fallbackBehavior = v
            }
        }
        return (fetchSchedule, notifySchedule)
    }


    /// `{ perDay, duration, startHours }`: how often a period starts, how long it
    /// lasts, and (optionally) the local hours it tends to start in.
    private static func periods(_ node: YAMLNode, _ path: String, _ r: ScenarioReader) -> (Double, Distribution, [Double]?)? {
        guard let map = r.section(node, path, required: ["perDay", "duration"]),
              let rate = map["perDay"].flatMap({ r.number($0, "\(path).perDay", in: 0...100) }),
              let duration = map["duration"].flatMap({ DistributionReader.read($0, "\(path).duration", r) }) else { return nil }
        var hours: [Double]?
        if let n = map["startHours"] {
            guard let weights = hourWeights(n, "\(path).startHours", r) else { return nil }
            hours = weights
        }
        return (rate, duration, hours)
    }

    /// `{ start: "HH:MM", end: "HH:MM" }` in local time; it may cross midnight.
    private static func dailyWindow(_ node: YAMLNode, _ path: String, _ r: ScenarioReader) -> DailyWindow? {
        guard let map = r.section(node, path, required: ["start", "end"]) else { return nil }
        var times: [Int] = []
        for key in ["start", "end"] {
            guard let n = map[key], let text = r.string(n, "\(path).\(key)") else { return nil }
            guard let minutes = DailyWindow.minutes(text) else {
                r.error(n.mark, "\(path).\(key) '\(text.prefix(20))' must be a local time HH:MM")
                return nil
            }
            times.append(minutes)
        }
        guard times[0] != times[1] else {
            r.error(node.mark, "\(path) must not start and end at the same time")
            return nil
        }
        return DailyWindow(start: times[0], end: times[1])
    }

    /// 24 non-negative weights, one per local hour, not all zero.
    private static func hourWeights(_ node: YAMLNode, _ path: String, _ r: ScenarioReader) -> [Double]? {
        guard let items = node.sequence, items.count == 24 else {
            r.error(node.mark, "\(path) must be a list of 24 weights, one per hour from 00:00")
            return nil
        }
        let weights = items.enumerated().compactMap { r.number($0.element, "\(path)[\($0.offset + 1)]", in: 0...1e9) }
        guard weights.count == 24 else { return nil }
        guard weights.reduce(0, +) > 0 else {
            r.error(node.mark, "\(path) needs at least one positive weight")
            return nil
        }
        return weights
    }

    private static func readSweep(_ node: YAMLNode, _ r: ScenarioReader) -> [SweepAxis] {
        guard let items = node.sequence, !items.isEmpty else {
            r.error(node.mark, "sweep must be a list of { key, values } or { key, range: { from, to, step } } entries")
            return []
        }
        var axes: [SweepAxis] = []
        var points = 1
        for (i, item) in items.enumerated() {
            let path = "sweep[\(i + 1)]"
            guard let map = r.section(item, path, schema: "sweep[]", required: ["key"]),
                  let keyNode = map["key"], let key = r.string(keyNode, "\(path).key") else { continue }
            if let problem = SweepAxis.shapeProblem(ofKey: key, at: path) { r.error(keyNode.mark, problem); continue }
            if key == "sweep" || key.hasPrefix("sweep.") || key == "name" || key == "seed" {
                r.error(keyNode.mark, "\(path).key '\(key)' cannot be swept (points share the name and seed for common random numbers)")
                continue
            }
            let topKeys = ScenarioKeys.keys(at: "")
            if key != "lead", !topKeys.contains(String(key.split(separator: ".").first ?? "")) {
                r.error(keyNode.mark, "\(path).key '\(key)' does not start with a scenario key" + Suggestion.hint(for: key, in: topKeys + ["lead"]))
                continue
            }
            var values: [YAMLNode] = []
            if let list = map["values"] {
                guard let sequence = list.sequence, !sequence.isEmpty else {
                    r.error(list.mark, "\(path).values must be a non-empty list")
                    continue
                }
                values = sequence
            } else if let range = map["range"], let spec = r.section(range, "\(path).range", schema: "sweep[].range", required: ["from", "to", "step"]) {
                guard let from = spec["from"].flatMap({ r.number($0, "\(path).range.from", in: -1e15...1e15) }),
                      let to = spec["to"].flatMap({ r.number($0, "\(path).range.to", in: -1e15...1e15) }),
                      let step = spec["step"].flatMap({ r.number($0, "\(path).range.step", in: -1e15...1e15) }) else { continue }
                switch SweepAxis.rangeValues(from: from, to: to, step: step) {
                case .success(let numbers): values = numbers.map { YAMLNode(kind: .scalar(ScenarioReader.show($0)), mark: range.mark) }
                case .failure(let problem): r.error(range.mark, "\(path).range \(problem.message)"); continue
                }
            } else {
                r.error(item.mark, "\(path) needs values or range")
                continue
            }
            points *= values.count
            if points > 100_000 {
                r.error(item.mark, "the sweep grid has more than 100000 points")
                return []
            }
            axes.append(SweepAxis(key: key, values: values, mark: keyNode.mark))
        }
        return axes
    }
}
