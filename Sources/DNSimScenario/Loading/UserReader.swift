import DNSimCore

/// Reads `user:`: app opens, force-quits, tokens, reboots, Low Power Mode and offline periods,
/// the charging and idle windows, and (through `LifecycleReader`) the lifecycle keys.
enum UserReader {
    struct Result {
        var user = UserConfiguration()
        var charging: DailyWindow?
        var idle: DailyWindow?
        /// iOS Scheduled Summary's local times (minutes after midnight), sorted.
        var summaryTimes: [Int] = []
        /// iOS Focus periods, every day.
        var focus: [DailyWindow] = []
    }

    static func read(_ map: ScenarioSection, _ lifecycle: inout LifecycleSettings) -> Result {
        var result = Result()
        if let v = map.number("appOpensPerDay") { result.user.appOpensPerDay = v }
        if let n = map["appOpenHours"] {
            result.user.appOpenHours = hourWeights(n, map.path("appOpenHours"), map.reader)
        }
        if let v = map.number("forceQuitPerDay") { result.user.forceQuitPerDay = v }
        if let v = map.number("forceStopPerDay") { result.user.forceStopPerDay = v }
        if let v = map.durationOrNever("tokenLifetime", allowZero: false), let v { result.user.tokenLifetime = v }
        if let v = map.number("rebootsPerDay") { result.user.rebootsPerDay = v }
        if let section = map.section("lowPowerMode"), let (rate, duration, hours) = periods(section) {
            result.user.lowPowerPerDay = rate
            result.user.lowPowerDuration = duration
            result.user.lowPowerHours = hours
        }
        if let section = map.section("offline"), let (rate, duration, hours) = periods(section) {
            result.user.offlinePerDay = rate
            result.user.offlineDuration = duration
            result.user.offlineHours = hours
        }
        // null: no window, as when the key is absent (so a sweep can turn one off).
        if let section = map.optionalSection("charging") { result.charging = dailyWindow(section) }
        if let section = map.optionalSection("idle") { result.idle = dailyWindow(section) }
        if let section = map.optionalSection("scheduledSummary") { result.summaryTimes = summaryTimes(section) }
        if let node = map["focus"], !node.isNull { result.focus = focus(node, map) }
        LifecycleReader.readUser(map, &result.user, &lifecycle)
        return result
    }

    /// `{ perDay, duration, startHours }`: how often a period starts, how long it
    /// lasts, and (optionally) the local hours it tends to start in.
    private static func periods(_ map: ScenarioSection) -> (Double, Distribution, [Double]?)? {
        guard let rate = map.number("perDay"), let duration = map.distribution("duration") else { return nil }
        var hours: [Double]?
        if let n = map["startHours"] {
            guard let weights = hourWeights(n, map.path("startHours"), map.reader) else { return nil }
            hours = weights
        }
        return (rate, duration, hours)
    }

    /// `{ start: "HH:MM", end: "HH:MM" }` in local time; it may cross midnight. Both ends are
    /// read before giving up, so every problem in the mapping is said at once.
    private static func dailyWindow(_ map: ScenarioSection) -> DailyWindow? {
        var times: [Int?] = []
        for key in ["start", "end"] {
            guard let n = map[key], let text = map.string(key) else { times.append(nil); continue }
            guard let minutes = DailyWindow.minutes(text) else {
                let hint = DailyWindow.suggestion(for: text).map { " (did you mean \"\($0)\"?)" } ?? ""
                map.reader.error(n.mark, "\(map.path(key)) '\(text.prefix(20))' must be a local time HH:MM\(hint)")
                times.append(nil)
                continue
            }
            times.append(minutes)
        }
        guard let start = times[0], let end = times[1] else { return nil }
        guard start != end else {
            map.reader.error(map.node.mark, "\(map.path) must not start and end at the same time")
            return nil
        }
        return DailyWindow(start: start, end: end)
    }

    /// `scheduledSummary: { times: ["08:00", "18:00"] }`: one to twelve distinct local times (iOS allows up to 12).
    private static func summaryTimes(_ map: ScenarioSection) -> [Int] {
        guard let node = map["times"] else { return [] }
        guard let items = node.sequence, (1...12).contains(items.count) else {
            map.reader.error(
                node.mark,
                "\(map.path("times")) must be a list of 1 to 12 local times HH:MM (iOS allows up to 12 summaries a day)"
            )
            return []
        }
        var minutes: [Int] = []
        for (index, item) in items.enumerated() {
            let path = "\(map.path("times"))[\(index)]"
            guard let text = map.reader.string(item, path) else { continue }
            guard let value = DailyWindow.minutes(text) else {
                let hint = DailyWindow.suggestion(for: text).map { " (did you mean \"\($0)\"?)" } ?? ""
                map.reader.error(item.mark, "\(path) '\(text.prefix(20))' must be a local time HH:MM\(hint)")
                continue
            }
            if minutes.contains(value) { map.reader.error(item.mark, "\(path) '\(text)' is listed twice"); continue }
            minutes.append(value)
        }
        return minutes.sorted()
    }

    /// `focus: { start, end }`, or a list of such periods, every day.
    private static func focus(_ node: YAMLNode, _ map: ScenarioSection) -> [DailyWindow] {
        let items = node.sequence ?? [node]
        guard !items.isEmpty else {
            map.reader.error(node.mark, "\(map.path("focus")) must be a period { start, end } or a list of them")
            return []
        }
        return items.enumerated().compactMap { index, item in
            let path = node.sequence == nil ? map.path("focus") : "\(map.path("focus"))[\(index)]"
            return ScenarioSection(item, path, schema: "user.focus", map.reader).flatMap(dailyWindow)
        }
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
}
