import DNSimCore

/// Reads `plugin:`, the `DualScheduleConfiguration` the app sends: the two schedules, and the
/// keys that do not change timing, checked and kept.
enum PluginReader {
    static func read(_ map: ScenarioSection) -> (plugin: PluginConfiguration, fetch: CronExpression?, notify: CronExpression?) {
        var plugin = PluginConfiguration()
        var fetchSchedule: CronExpression?
        var notifySchedule: CronExpression?
        if let fetch = map.section("contentFetch") {
            fetchSchedule = fetch.cron("schedule")
            if let v = fetch.bool("enabled") { plugin.fetchEnabled = v }
            if let n = fetch["callbacks"], n.mapping == nil, !n.isNull { map.reader.error(n.mark, "\(fetch.path("callbacks")) must be a mapping") }
            // The plugin's own retry settings, in milliseconds as the plugin defines them.
            if let v = milliseconds(fetch, "timeout") { plugin.fetchTimeout = Millis(v) }
            if let v = fetch.integer("retryAttempts") { plugin.retryAttempts = v }
            if let v = milliseconds(fetch, "retryDelay") { plugin.retryDelay = Millis(v) }
        }
        if let notify = map.section("userNotification") {
            notifySchedule = notify.cron("schedule")
            if let v = notify.string("title") { plugin.fallbackTitle = v }
            if let v = notify.string("body") { plugin.fallbackBody = v }
            if let v = notify.bool("enabled"), !v { notify.error("enabled", "\(notify.path("enabled")) is false: there is nothing to simulate") }
            _ = notify.bool("sound")
            let options = ["min", "low", "normal", "default", "high", "max"]
            if let v = notify.string("priority"), !options.contains(v) {
                notify.error("priority", "\(notify.path("priority")) '\(v)' is not one of \(options.joined(separator: ", "))"
                    + Suggestion.hint(for: v, in: options))
            }
        }
        if let v = map.defects("defects", as: PluginDefect.self) { plugin.defects = v }
        if let relationship = map.section("relationship") {
            _ = relationship.bool("autoLink")
            if let v = relationship.milliseconds("contentTimeout") { plugin.contentTimeout = Millis(v) }
            if let v = relationship.choice("fallbackBehavior", as: FallbackBehavior.self) { plugin.fallbackBehavior = v }
        }
        return (plugin, fetchSchedule, notifySchedule)
    }

    /// A whole number of milliseconds where a number alone is accepted: a duration such as
    /// `5m` is refused as "must be a number", the unit named in the key's path.
    private static func milliseconds(_ map: ScenarioSection, _ key: String) -> Int? {
        guard case .integer(let range)? = map.limits(key) else { preconditionFailure("\(map.schema).\(key) declares no range") }
        return map[key].flatMap { map.reader.integer($0, "\(map.path(key)) (milliseconds)", in: range) }
    }
}
