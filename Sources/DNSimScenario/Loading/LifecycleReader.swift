import DNSimCore

/// Reads the lifecycle keys (docs/lifecycle.md): the user turning New Activity off and on,
/// moving its time and editing the starred projects; `plugin.defects`; the app's Daily
/// Reminder and its defects (`app:`).
enum LifecycleReader {
    /// The lifecycle keys of `user:`; which need which is checked in `ScenarioRules`.
    static func readUser(_ map: ScenarioSection, _ user: inout UserConfiguration, _ scenario: inout LifecycleSettings) {
        if let v = map.number("disablePerDay") { user.disablePerDay = v }
        if let d = map.distribution("disabledFor") { user.disabledFor = d }
        if let v = map.number("timeChangePerDay") { user.timeChangePerDay = v }
        if let n = map["notifyTimes"] { scenario.notifyTimes = notifyTimes(n, map.path("notifyTimes"), map.reader) }
        user.timeChoiceWeights = scenario.notifyTimes.map(\.weight)
        if let v = map.number("starredChangePerDay") { user.starredChangePerDay = v }
        if let v = map.number("emptyStarredShare") { user.emptyStarredShare = v }
    }

    /// `notifyTimes`: a list of local times `HH:MM` picked uniformly, or a map from each to its weight.
    private static func notifyTimes(_ node: YAMLNode, _ path: String, _ r: ScenarioReader) -> [NotifyTimeChoice] {
        var result: [NotifyTimeChoice] = []
        func time(_ node: YAMLNode, weight: Double) {
            guard let text = node.scalar, !node.isNull, let minutes = DailyWindow.minutes(text) else {
                let shown = node.scalar.map { MessageText.quoted($0) } ?? node.typeName
                r.error(node.mark, "\(path): \(shown) is not a local time HH:MM" + hint(node.scalar))
                return
            }
            if result.contains(where: { $0.minutes == minutes }) {
                r.error(node.mark, "\(path) lists \(text) twice")
                return
            }
            result.append(NotifyTimeChoice(minutes: minutes, weight: weight))
        }
        if let items = node.sequence, !items.isEmpty, items.count <= 96 {
            for item in items { time(item, weight: 1) }
        } else if let pairs = node.mapping, !pairs.isEmpty, pairs.count <= 96 {
            for pair in pairs {
                guard let weight = r.number(pair.value, "\(path) weight", in: 0...1_000_000) else { continue }
                time(pair.key, weight: weight)
            }
            if !result.isEmpty, result.allSatisfy({ $0.weight == 0 }) {
                r.error(node.mark, "\(path) weights must not all be 0")
            }
        } else {
            r.error(
                node.mark,
                "\(path) must be a list of 1 to 96 local times such as [\"07:00\", \"18:30\"], or a map from each to its weight"
            )
        }
        return result
    }

    /// "7.30" → did you mean "07:30"? "6:30 pm", "6pm" → "18:30", "18:00"; "18:30:00" → "18:30".
    static func hint(_ text: String?) -> String {
        guard let text, text.utf8.count <= 32 else { return "" }
        let lower = text.lowercased()
        let afternoon = lower.hasSuffix("pm") || lower.hasSuffix("p.m.")
        let morning = lower.hasSuffix("am") || lower.hasSuffix("a.m.")
        var digits = text.filter(\.isASCII).filter(\.isNumber)
        if digits.count == 6 && digits.hasSuffix("00") { digits.removeLast(2) }  // seconds
        if (1...2).contains(digits.count) && (afternoon || morning) { digits += "00" }  // "6pm"
        guard (3...4).contains(digits.count), var hour = Int(digits.dropLast(2)), let minute = Int(digits.suffix(2)),
            minute < 60
        else { return "" }
        if afternoon || morning {
            guard (1...12).contains(hour) else { return "" }
            hour = hour % 12 + (afternoon ? 12 : 0)
        }
        guard hour < 24 else { return "" }
        return String(format: " (did you mean \"%02d:%02d\"?)", hour, minute)
    }

    /// `plugin.defects` or `app.defects`: a list of known bug shapes.
    static func defects<Defect: RawRepresentable & CaseIterable & Hashable>(
        _ node: YAMLNode, _ path: String, as: Defect.Type,
        _ r: ScenarioReader
    ) -> Set<Defect>
    where Defect.RawValue == String {
        if node.isNull { return [] }
        guard let items = node.sequence else {
            r.error(node.mark, "\(path) must be a list, e.g. [\(Defect.allCases.first!.rawValue)]")
            return []
        }
        var result: Set<Defect> = []
        for item in items {
            if let defect = r.choice(item, path, as: Defect.self) { result.insert(defect) }
        }
        return result
    }

    /// `app: { dailyReminder: { schedule, enabled }, defects: [...] }`; that defects need the
    /// reminder is checked in `ScenarioRules`.
    static func readApp(_ map: ScenarioSection, _ scenario: inout LifecycleSettings) {
        if let reminder = map.section("dailyReminder") {
            let schedule = reminder.cron("schedule")
            let wanted = reminder.bool("enabled") ?? false
            if let schedule { scenario.reminder = ReminderSettings(schedule: schedule, wanted: wanted) }
        }
        if let v = map.defects("defects", as: AppDefect.self) { scenario.appDefects = v }
    }
}
