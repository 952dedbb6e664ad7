import DNSimCore
import Foundation

/// Reads a scenario file (YAML; JSON is valid YAML) into a validated
/// `Scenario`, or every problem found, each with its line and column.
public enum ScenarioLoader {
    static let topKeys = ["name", "description", "seed", "devices", "days", "start", "timeZone", "plugin", "platforms",
                          "fetch", "server", "user", "strategies", "metrics", "expect", "sweep", "precision"]

    /// Loads and validates the file at `path`.
    public static func load(path: String) throws(DiagnosticList) -> Scenario {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw DiagnosticList([Diagnostic(file: path, mark: nil, message: "no such file")])
        }
        guard !isDirectory.boolValue else {
            throw DiagnosticList([Diagnostic(file: path, mark: nil, message: "is a directory, not a scenario file")])
        }
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int,
           size > YAMLLimits.default.maxBytes {
            throw DiagnosticList([Diagnostic(file: path, mark: nil,
                                             message: "the file is too large (\(size) bytes; the limit is \(YAMLLimits.default.maxBytes) bytes)")])
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
        return try load(root: root, text: String(decoding: bytes, as: UTF8.self), file: file)
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
        return scenario
    }

    private static func build(_ root: YAMLNode, _ r: ScenarioReader) -> Scenario? {
        guard let top = r.mapping(root, "", known: topKeys,
                                  required: ["name", "devices", "days", "start", "plugin", "platforms", "strategies"]) else { return nil }
        var name = "scenario"
        if let node = top["name"], let text = r.string(node, "name") {
            if text.isEmpty || text.count > 100 || text.hasPrefix(".")
                || !text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) {
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
        if let node = top["platforms"], let platforms = r.mapping(node, "platforms", known: Platform.allCases.map(\.rawValue)) {
            if let node = platforms["ios"] { ios = readIOS(node, r) }
            if let node = platforms["android"] { android = readAndroid(node, r) }
            if platforms.isEmpty { r.error(node.mark, "platforms needs ios, android or both") }
        }
        var fetch = FetchConfiguration()
        if let node = top["fetch"], let map = r.mapping(node, "fetch", known: ["latency", "failure"]) {
            if let n = map["latency"], let d = distribution(n, "fetch.latency", r) { fetch.latency = d }
            if let n = map["failure"], let p = r.probability(n, "fetch.failure") { fetch.failure = p }
        }
        var server = ServerConfiguration()
        if let node = top["server"], let map = r.mapping(node, "server", known: ["updatesPerDay", "starredPlans"]) {
            if let n = map["updatesPerDay"], let v = r.number(n, "server.updatesPerDay", in: 0...100_000) { server.updatesPerDay = v }
            if let n = map["starredPlans"], let v = r.integer(n, "server.starredPlans", in: 1...10_000) { server.starredPlans = v }
        }
        var user = UserConfiguration()
        var chargingWindow: DailyWindow?
        var idleWindow: DailyWindow?
        if let node = top["user"], let map = r.mapping(node, "user", known: [
            "appOpensPerDay", "appOpenHours", "forceQuitPerDay", "tokenLifetime", "lowPowerMode", "offline", "rebootsPerDay",
            "charging", "idle"]) {
            if let n = map["appOpensPerDay"], let v = r.number(n, "user.appOpensPerDay", in: 0...1_000) { user.appOpensPerDay = v }
            if let n = map["appOpenHours"] { user.appOpenHours = hourWeights(n, r) }
            if let n = map["forceQuitPerDay"], let v = r.number(n, "user.forceQuitPerDay", in: 0...1_000) { user.forceQuitPerDay = v }
            if let n = map["tokenLifetime"], let v = r.duration(n, "user.tokenLifetime", allowZero: false) { user.tokenLifetime = v }
            if let n = map["rebootsPerDay"], let v = r.number(n, "user.rebootsPerDay", in: 0...100) { user.rebootsPerDay = v }
            if let n = map["lowPowerMode"], let (rate, duration) = periods(n, "user.lowPowerMode", r) {
                user.lowPowerPerDay = rate
                user.lowPowerDuration = duration
            }
            if let n = map["offline"], let (rate, duration) = periods(n, "user.offline", r) {
                user.offlinePerDay = rate
                user.offlineDuration = duration
            }
            if let n = map["charging"] { chargingWindow = dailyWindow(n, "user.charging", r) }
            if let n = map["idle"] { idleWindow = dailyWindow(n, "user.idle", r) }
        }
        var strategies: [StrategyConfiguration] = []
        if let node = top["strategies"] { strategies = readStrategies(node, r) }
        var lateAfter = 60 * SimTime.second
        if let node = top["metrics"], let map = r.mapping(node, "metrics", known: ["lateAfter"]) {
            if let n = map["lateAfter"], let v = r.duration(n, "metrics.lateAfter") { lateAfter = v }
        }
        guard let fetchSchedule, let notifySchedule else { return nil }
        var scenario = Scenario(
            file: r.file, name: name, seed: seed, devices: devices, days: days, start: start, timeZone: timeZone,
            fetchSchedule: fetchSchedule, notifySchedule: notifySchedule, plugin: plugin, ios: ios, android: android,
            fetch: fetch, server: server, user: user, strategies: strategies, lateAfter: lateAfter, expectations: [])
        scenario.chargingWindow = chargingWindow
        scenario.idleWindow = idleWindow
        if let ios, ios.taskKind == .processing, idleWindow == nil {
            r.error(top["platforms"]?.value(forKey: "ios")?.mark, "a processing task runs only while the phone is idle: give user.idle windows (e.g. { start: \"00:00\", end: \"07:00\" })")
        }
        if let ios, ios.requiresExternalPower, chargingWindow == nil {
            r.error(top["platforms"]?.value(forKey: "ios")?.mark, "requiresExternalPower needs user.charging windows (e.g. { start: \"23:00\", end: \"07:00\" })")
        }
        if let android, android.doze, idleWindow == nil {
            r.error(top["platforms"]?.value(forKey: "android")?.mark, "doze needs user.idle windows, when the phone lies still (e.g. { start: \"00:00\", end: \"07:00\" })")
        }
        if let node = top["expect"] { scenario.expectations = readExpectations(node, arms: scenario.arms.map(\.name), r) }
        if let node = top["sweep"] { scenario.sweep = readSweep(node, r) }
        if let node = top["precision"], let map = r.mapping(node, "precision", known: ["halfWidth", "maxDevices"], required: ["halfWidth"]) {
            let half = map["halfWidth"].flatMap { bound($0, "precision.halfWidth", percentAllowed: true, r) }
            let cap = map["maxDevices"].map { r.integer($0, "precision.maxDevices", in: 1...Scenario.maxDevices) } ?? 100_000
            if let half, !(half > 0 && half < 0.5) {
                r.error(map["halfWidth"]?.mark, "precision.halfWidth must be above 0 and below 50% (e.g. 0.5%)")
            } else if let half, let cap {
                if cap < devices { r.error(map["maxDevices"]?.mark, "precision.maxDevices \(cap) is below devices \(devices)") }
                scenario.precision = PrecisionTarget(halfWidth: half, maxDevices: cap)
            }
        }
        if case .failure(let problem) = scenario.calendar(days: days) {
            switch problem {
            case .noNotifications, .tooManyCycles: r.error(scheduleMark("userNotification"), problem.message)
            case .noFetch: r.error(scheduleMark("contentFetch"), problem.message)
            }
        }
        return scenario
    }

    private static func date(_ node: YAMLNode, _ r: ScenarioReader) -> Scenario.LocalDate? {
        guard let text = r.string(node, "start") else { return nil }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
           let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
           (1970...9000).contains(year), (1...12).contains(month), day >= 1 {
            let monthLengths = [31, (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
            if day <= monthLengths[month - 1] { return Scenario.LocalDate(year: year, month: month, day: day) }
        }
        r.error(node.mark, "start '\(text.prefix(40))' must be a date YYYY-MM-DD between 1970 and 9000")
        return nil
    }

    private static func readPlugin(_ node: YAMLNode, _ plugin: inout PluginConfiguration,
                                   _ r: ScenarioReader) -> (CronExpression?, CronExpression?) {
        guard let map = r.mapping(node, "plugin", known: ["contentFetch", "userNotification", "relationship"],
                                  required: ["contentFetch", "userNotification"]) else { return (nil, nil) }
        var fetchSchedule: CronExpression?
        var notifySchedule: CronExpression?
        // The keys of DualScheduleConfiguration the app sends; those that do not change timing are checked and kept.
        if let node = map["contentFetch"], let fetch = r.mapping(
            node, "plugin.contentFetch", known: ["enabled", "schedule", "callbacks", "url", "timeout", "retryAttempts", "retryDelay", "timesafariConfig"],
            required: ["schedule"]) {
            if let n = fetch["schedule"] { fetchSchedule = r.cron(n, "plugin.contentFetch.schedule") }
            if let n = fetch["enabled"], let v = r.bool(n, "plugin.contentFetch.enabled") { plugin.fetchEnabled = v }
            if let n = fetch["callbacks"], n.mapping == nil, !n.isNull { r.error(n.mark, "plugin.contentFetch.callbacks must be a mapping") }
        }
        if let node = map["userNotification"], let notify = r.mapping(
            node, "plugin.userNotification", known: ["enabled", "schedule", "title", "body", "sound", "priority", "vibration", "badge"],
            required: ["schedule"]) {
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
        if let node = map["relationship"], let relationship = r.mapping(
            node, "plugin.relationship", known: ["autoLink", "contentTimeout", "fallbackBehavior"]) {
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

    private static func readIOS(_ node: YAMLNode, _ r: ScenarioReader) -> IOSConfiguration? {
        var ios = IOSConfiguration()
        guard let map = r.mapping(node, "platforms.ios", known: ["fetchTask", "notificationDelay", "inactiveAfter"]) else { return nil }
        if let n = map["inactiveAfter"] {
            if n.scalar == "never" { ios.inactiveAfter = nil } else if let v = r.duration(n, "platforms.ios.inactiveAfter", allowZero: false) { ios.inactiveAfter = v }
        }
        if let node = map["fetchTask"], let task = r.mapping(node, "platforms.ios.fetchTask", known: [
            "kind", "delay", "never", "budget", "requiresExternalPower", "requiresNetworkConnectivity"]) {
            if let n = task["kind"], let v = r.choice(n, "platforms.ios.fetchTask.kind", as: BackgroundTaskKind.self) {
                ios.taskKind = v
                // BGProcessingTask gets minutes, an app refresh about 30 s (seed 004).
                ios.budget = v == .processing ? 5 * SimTime.minute : 30 * SimTime.second
            }
            if let n = task["requiresExternalPower"], let v = r.bool(n, "platforms.ios.fetchTask.requiresExternalPower") {
                if v && ios.taskKind != .processing {
                    r.error(n.mark, "platforms.ios.fetchTask.requiresExternalPower applies to kind: processing only")
                }
                ios.requiresExternalPower = v
            }
            if let n = task["requiresNetworkConnectivity"], let v = r.bool(n, "platforms.ios.fetchTask.requiresNetworkConnectivity") {
                ios.requiresNetworkConnectivity = v
            }
            if let n = task["delay"], let d = distribution(n, "platforms.ios.fetchTask.delay", r) { ios.delay = d }
            if let n = task["never"], let p = r.probability(n, "platforms.ios.fetchTask.never") { ios.never = p }
            if let n = task["budget"], let v = r.duration(n, "platforms.ios.fetchTask.budget", allowZero: false) { ios.budget = v }
        }
        if let n = map["notificationDelay"], let d = distribution(n, "platforms.ios.notificationDelay", r) { ios.notificationDelay = d }
        return ios
    }

    private static func readAndroid(_ node: YAMLNode, _ r: ScenarioReader) -> AndroidConfiguration? {
        var android = AndroidConfiguration()
        guard let map = r.mapping(node, "platforms.android", known: [
            "fetchAlarm", "notificationDelay", "alarmKind", "exactAlarmPermission", "doze", "rescheduleOnBoot"]) else { return nil }
        if let n = map["alarmKind"], let v = r.choice(n, "platforms.android.alarmKind", as: AndroidAlarmKind.self) { android.alarmKind = v }
        if let n = map["exactAlarmPermission"], let v = r.bool(n, "platforms.android.exactAlarmPermission") { android.exactAlarmPermission = v }
        if let n = map["doze"], let v = r.bool(n, "platforms.android.doze") { android.doze = v }
        if let n = map["rescheduleOnBoot"], let v = r.bool(n, "platforms.android.rescheduleOnBoot") { android.rescheduleOnBoot = v }
        if let node = map["fetchAlarm"], let alarm = r.mapping(node, "platforms.android.fetchAlarm", known: ["delay"]) {
            if let n = alarm["delay"], let d = distribution(n, "platforms.android.fetchAlarm.delay", r) { android.fetchAlarmDelay = d }
        }
        if let n = map["notificationDelay"], let d = distribution(n, "platforms.android.notificationDelay", r) {
            android.notificationDelay = d
        }
        return android
    }

    static let distributionKinds = ["fixed", "exponential", "lognormal", "uniform", "gamma", "weibull", "empirical", "mixture"]

    /// A one-key map naming a distribution family (SPEC §6).
    static func distribution(_ node: YAMLNode, _ path: String, _ r: ScenarioReader, depth: Int = 0) -> Distribution? {
        guard let pairs = node.mapping, pairs.count == 1, let kind = pairs[0].key.scalar else {
            r.error(node.mark, "\(path) must be a one-key map naming a distribution: \(distributionKinds.joined(separator: ", ")) (for example { fixed: 5s })")
            return nil
        }
        let body = pairs[0].value
        let here = "\(path).\(kind)"
        func parameters(_ known: [String]) -> [String: YAMLNode]? { r.mapping(body, here, known: known, required: known) }
        func positive(_ n: YAMLNode, _ name: String) -> Double? {
            guard let v = r.number(n, "\(here)\(name)", in: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude) else { return nil }
            guard v > 0 else { r.error(n.mark, "\(here)\(name) must be greater than zero"); return nil }
            guard v <= 1e12 else { r.error(n.mark, "\(here)\(name) must be at most 1000000000000"); return nil }
            return v
        }
        func time(_ n: YAMLNode, _ name: String, positiveOnly: Bool) -> Double? {
            guard let v = r.duration(n, "\(here).\(name)", allowZero: !positiveOnly) else { return nil }
            return Double(v)
        }
        switch kind {
        case "fixed":
            return r.duration(body, here).map { .fixed($0) }
        case "exponential":
            guard let p = parameters(["mean"]), let mean = p["mean"].flatMap({ time($0, "mean", positiveOnly: true) }) else { return nil }
            return .exponential(mean: mean)
        case "lognormal":
            guard let p = parameters(["median", "sigma"]) else { return nil }
            let median = p["median"].flatMap { time($0, "median", positiveOnly: true) }
            let sigma = p["sigma"].flatMap { positive($0, ".sigma") }
            guard let median, let sigma else { return nil }
            return .lognormal(median: median, sigma: sigma)
        case "uniform":
            guard let p = parameters(["min", "max"]) else { return nil }
            let low = p["min"].flatMap { time($0, "min", positiveOnly: false) }
            let high = p["max"].flatMap { time($0, "max", positiveOnly: false) }
            guard let low, let high else { return nil }
            guard high >= low else { r.error(body.mark, "\(here): max must not be below min"); return nil }
            return .uniform(min: low, max: high)
        case "gamma", "weibull":
            guard let p = parameters(["shape", "scale"]) else { return nil }
            let shape = p["shape"].flatMap { positive($0, ".shape") }
            let scale = p["scale"].flatMap { time($0, "scale", positiveOnly: true) }
            guard let shape, let scale else { return nil }
            return kind == "gamma" ? .gamma(shape: shape, scale: scale) : .weibull(shape: shape, scale: scale)
        case "empirical":
            guard let p = parameters(["points"]), let list = p["points"] else { return nil }
            return empirical(list, "\(here).points", r)
        case "mixture":
            guard depth < 8 else { r.error(body.mark, "\(here) nests mixtures more than 8 deep"); return nil }
            guard let items = body.sequence, !items.isEmpty else {
                r.error(body.mark, "\(here) must be a list of { weight, <distribution> } entries")
                return nil
            }
            var components: [MixtureComponent] = []
            for (i, item) in items.enumerated() {
                let itemPath = "\(here)[\(i + 1)]"
                guard let entries = item.mapping, entries.count == 2,
                      let weightPair = entries.first(where: { $0.key.scalar == "weight" }),
                      let other = entries.first(where: { $0.key.scalar != "weight" }) else {
                    r.error(item.mark, "\(itemPath) must have a weight and one distribution, e.g. { weight: 0.8, fixed: 1s }")
                    continue
                }
                guard let weight = positive(weightPair.value, "[\(i + 1)].weight") else { continue }
                let inner = YAMLNode(kind: .mapping([other]), mark: other.key.mark)
                if let d = distribution(inner, itemPath, r, depth: depth + 1) {
                    components.append(MixtureComponent(weight: weight, distribution: d))
                }
            }
            return components.count == items.count ? .mixture(components) : nil
        default:
            r.error(pairs[0].key.mark, "unknown distribution '\(kind)' in \(path); use one of \(distributionKinds.joined(separator: ", "))"
                + Suggestion.hint(for: kind, in: distributionKinds))
            return nil
        }
    }

    private static func empirical(_ node: YAMLNode, _ path: String, _ r: ScenarioReader) -> Distribution? {
        guard let items = node.sequence, items.count >= 1 else {
            r.error(node.mark, "\(path) must be a list of [value, cumulativeProbability] pairs")
            return nil
        }
        var points: [EmpiricalPoint] = []
        for (i, item) in items.enumerated() {
            guard let pair = item.sequence, pair.count == 2 else {
                r.error(item.mark, "\(path)[\(i + 1)] must be a pair [value, cumulativeProbability], e.g. [30s, 0.5]")
                return nil
            }
            guard let value = r.duration(pair[0], "\(path)[\(i + 1)] value"),
                  let probability = r.probability(pair[1], "\(path)[\(i + 1)] probability") else { return nil }
            if let previous = points.last {
                if Double(value) < previous.value {
                    r.error(pair[0].mark, "\(path)[\(i + 1)]: values must not decrease")
                    return nil
                }
                if probability < previous.probability {
                    r.error(pair[1].mark, "\(path)[\(i + 1)]: cumulative probabilities must not decrease (the CDF is not monotone)")
                    return nil
                }
            }
            points.append(EmpiricalPoint(value: Double(value), probability: probability))
        }
        if points.last?.probability != 1 {
            r.error(items[items.count - 1].mark, "\(path): the last cumulative probability must be 1, not \(ScenarioReader.show(points.last?.probability ?? 0))")
            return nil
        }
        return .empirical(points: points)
    }

    /// `{ perDay, duration }`: how often a period starts and how long it lasts.
    private static func periods(_ node: YAMLNode, _ path: String, _ r: ScenarioReader) -> (Double, Distribution)? {
        guard let map = r.mapping(node, path, known: ["perDay", "duration"], required: ["perDay", "duration"]),
              let rate = map["perDay"].flatMap({ r.number($0, "\(path).perDay", in: 0...100) }),
              let duration = map["duration"].flatMap({ distribution($0, "\(path).duration", r) }) else { return nil }
        return (rate, duration)
    }

    /// `{ start: "HH:MM", end: "HH:MM" }` in local time; it may cross midnight.
    private static func dailyWindow(_ node: YAMLNode, _ path: String, _ r: ScenarioReader) -> DailyWindow? {
        guard let map = r.mapping(node, path, known: ["start", "end"], required: ["start", "end"]) else { return nil }
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
    private static func hourWeights(_ node: YAMLNode, _ r: ScenarioReader) -> [Double]? {
        guard let items = node.sequence, items.count == 24 else {
            r.error(node.mark, "user.appOpenHours must be a list of 24 weights, one per hour from 00:00")
            return nil
        }
        let weights = items.enumerated().compactMap { r.number($0.element, "user.appOpenHours[\($0.offset + 1)]", in: 0...1e9) }
        guard weights.count == 24 else { return nil }
        guard weights.reduce(0, +) > 0 else {
            r.error(node.mark, "user.appOpenHours needs at least one positive weight")
            return nil
        }
        return weights
    }

    private static func readStrategies(_ node: YAMLNode, _ r: ScenarioReader) -> [StrategyConfiguration] {
        guard let items = node.sequence, !items.isEmpty else {
            r.error(node.mark, "strategies must be a non-empty list, e.g. [independent, chained]")
            return []
        }
        let kinds = StrategyKind.allCases.map(\.rawValue)
        var result: [StrategyConfiguration] = []
        var labels: [String: SourceMark] = [:]
        for item in items {
            var kindNode = item
            var options: YAMLNode?
            if let pairs = item.mapping {
                guard pairs.count == 1 else {
                    r.error(item.mark, "a strategy with options is a one-key map, e.g. { chained: { guard: none, label: chained-noguard } }")
                    continue
                }
                kindNode = pairs[0].key
                options = pairs[0].value
            }
            guard let kindText = kindNode.scalar else { r.error(item.mark, "a strategy is a name or a one-key map"); continue }
            guard let kind = StrategyKind(rawValue: kindText) else {
                r.error(kindNode.mark, "unknown strategy '\(kindText)'; use \(kinds.joined(separator: " or "))" + Suggestion.hint(for: kindText, in: kinds))
                continue
            }
            var strategy = StrategyConfiguration(kind: kind)
            if let options, !options.isNull {
                let common = ["label", "onEmpty", "carryUnshown"]
                let known = kind == .independent ? common + ["staleContent"] : common + ["guard", "guardHorizon"]
                if let map = r.mapping(options, kindText, known: known) {
                    if let n = map["label"], let v = r.string(n, "\(kindText).label") {
                        if v.isEmpty || v.contains("/") || v.contains(",") {
                            r.error(n.mark, "\(kindText).label must be non-empty and contain no '/' or ','")
                        } else {
                            strategy.label = v
                        }
                    }
                    if let n = map["onEmpty"], let v = r.choice(n, "\(kindText).onEmpty", as: EmptyFetchPolicy.self) { strategy.onEmpty = v }
                    if let n = map["carryUnshown"], let v = r.bool(n, "\(kindText).carryUnshown") { strategy.carryUnshown = v }
                    if let n = map["staleContent"], let v = r.choice(n, "\(kindText).staleContent", as: StaleContentPolicy.self) {
                        strategy.staleContent = v
                    }
                    if let n = map["guard"], let v = r.choice(n, "\(kindText).guard", as: GuardPolicy.self) { strategy.guardPolicy = v }
                    if let n = map["guardHorizon"], let v = r.duration(n, "\(kindText).guardHorizon", allowZero: false) {
                        strategy.guardHorizon = v
                    }
                }
            }
            if let first = labels[strategy.label] {
                r.error(item.mark, "strategy label '\(strategy.label)' is already used at line \(first.line); give this variant its own, e.g. { \(strategy.kind.rawValue): { label: \(strategy.label)-2 } }")
                continue
            }
            labels[strategy.label] = item.mark
            result.append(strategy)
        }
        return result
    }

    private static func readExpectations(_ node: YAMLNode, arms: [String], _ r: ScenarioReader) -> [Expectation] {
        guard let items = node.sequence else {
            r.error(node.mark, "expect must be a list of { arm, metric, max | min } entries")
            return []
        }
        var result: [Expectation] = []
        for (i, item) in items.enumerated() {
            let path = "expect[\(i + 1)]"
            guard let map = r.mapping(item, path, known: ["arm", "metric", "min", "max"], required: ["arm", "metric"]) else { continue }
            guard let armNode = map["arm"], let arm = r.string(armNode, "\(path).arm"),
                  let metricNode = map["metric"], let metric = r.string(metricNode, "\(path).metric") else { continue }
            let pattern = Expectation(arm: arm, metric: metric, min: nil, max: nil, mark: item.mark)
            if !arms.contains(where: pattern.applies(to:)) {
                r.error(armNode.mark, "\(path).arm '\(arm)' matches no arm; arms are \(arms.joined(separator: ", "))"
                    + Suggestion.hint(for: arm, in: arms))
            }
            let names = SummaryColumns.names
            // A rate's bare name (`missed`) means its rate, as in SPEC §6's example.
            let resolved = names.contains("\(metric)_rate") ? "\(metric)_rate" : (names.contains(metric) ? metric : nil)
            if resolved == nil {
                r.error(metricNode.mark, "\(path).metric '\(metric)' is not a summary.csv column" + Suggestion.hint(for: metric, in: names))
            }
            let isFraction = resolved.flatMap { SummaryColumns.named($0) }?.unit == "fraction"
            let low = map["min"].flatMap { bound($0, "\(path).min", percentAllowed: isFraction, r) }
            let high = map["max"].flatMap { bound($0, "\(path).max", percentAllowed: isFraction, r) }
            if let low, let high, low > high { r.error(item.mark, "\(path): min \(ScenarioReader.show(low)) is above max \(ScenarioReader.show(high))") }
            if map["min"] == nil && map["max"] == nil { r.error(item.mark, "\(path) needs min, max or both") }
            result.append(Expectation(arm: arm, metric: resolved ?? metric, min: low, max: high, mark: item.mark))
        }
        return result
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
            guard let map = r.mapping(item, path, known: ["key", "values", "range"], required: ["key"]),
                  let keyNode = map["key"], let key = r.string(keyNode, "\(path).key") else { continue }
            if let problem = SweepAxis.shapeProblem(ofKey: key, at: path) { r.error(keyNode.mark, problem); continue }
            if key == "sweep" || key.hasPrefix("sweep.") || key == "name" || key == "seed" {
                r.error(keyNode.mark, "\(path).key '\(key)' cannot be swept (points share the name and seed for common random numbers)")
                continue
            }
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
            } else if let range = map["range"], let spec = r.mapping(range, "\(path).range", known: ["from", "to", "step"], required: ["from", "to", "step"]) {
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

    /// A bound: a plain number (a fraction for rates) or a percentage such as `5%`.
    private static func bound(_ node: YAMLNode, _ path: String, percentAllowed: Bool, _ r: ScenarioReader) -> Double? {
        if let text = node.scalar, text.hasSuffix("%"), let value = Double(text.dropLast()), value.isFinite {
            guard percentAllowed else {
                r.error(node.mark, "\(path): a percentage bounds only a rate (a fraction column)")
                return nil
            }
            return value / 100
        }
        return r.number(node, path, in: -1e15...1e15)
    }
}
