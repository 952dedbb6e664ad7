import DNSimCore

/// Reads `plugin:`, the `DualScheduleConfiguration` the app sends: the two schedules, and the
/// keys that do not change timing, checked and kept.
enum PluginReader {
    static func read(_ map: ScenarioSection) -> (
        plugin: PluginConfiguration, fetch: CronExpression?, notify: CronExpression?
    ) {
        var plugin = PluginConfiguration()
        var fetchSchedule: CronExpression?
        var notifySchedule: CronExpression?
        if let fetch = map.section("contentFetch") {
            fetchSchedule = fetch.cron("schedule")
            if let v = fetch.bool("enabled") { plugin.fetchEnabled = v }
            if let n = fetch["callbacks"], n.mapping == nil, !n.isNull {
                map.reader.error(n.mark, "\(fetch.path("callbacks")) must be a mapping")
            }
            // The plugin's own retry settings, in milliseconds as the plugin defines them.
            if let v = fetch.milliseconds("timeout") {
                plugin.fetchTimeout = Millis(v)
                UnitPlausibility.milliseconds(
                    v, below: 1_000, fetch, "timeout", what: "a fetch timeout this short fails almost every request")
            }
            if let v = fetch.integer("retryAttempts") { plugin.retryAttempts = v }
            if let v = fetch.milliseconds("retryDelay") { plugin.retryDelay = Millis(v) }
        }
        if let notify = map.section("userNotification") {
            notifySchedule = notify.cron("schedule")
            if let v = notify.string("title") { plugin.fallbackTitle = v }
            if let v = notify.string("body") { plugin.fallbackBody = v }
            if let v = notify.bool("enabled"), !v {
                notify.error("enabled", "\(notify.path("enabled")) is false: there is nothing to simulate")
            }
            _ = notify.bool("sound")
            if let v = notify.choice("interruptionLevel", as: InterruptionLevel.self) { plugin.interruptionLevel = v }
            let options = ["min", "low", "normal", "default", "high", "max"]
            if let v = notify.string("priority"), !options.contains(v) {
                notify.error(
                    "priority",
                    "\(notify.path("priority")) '\(v)' is not one of \(options.joined(separator: ", "))"
                        + Suggestion.hint(for: v, in: options))
            }
        }
        if let v = map.defects("defects", as: PluginDefect.self) { plugin.defects = v }
        if let relationship = map.section("relationship") {
            _ = relationship.bool("autoLink")
            if let v = relationship.milliseconds("contentTimeout") {
                plugin.contentTimeout = Millis(v)
                UnitPlausibility.milliseconds(
                    v, below: 5_000, relationship, "contentTimeout",
                    what: "the guard would show the fallback before almost any fetch could finish")
            }
            if let v = relationship.choice("fallbackBehavior", as: FallbackBehavior.self) {
                plugin.fallbackBehavior = v
            }
        }
        return (plugin, fetchSchedule, notifySchedule)
    }
}
