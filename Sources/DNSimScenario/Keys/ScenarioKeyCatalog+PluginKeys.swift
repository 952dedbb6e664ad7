import DNSimCore

/// `plugin` (the app's DualScheduleConfiguration) and `app`: levers all.
extension ScenarioKeyCatalog {
    static let pluginKeys: [ScenarioKey] = [
        .part("plugin.contentFetch", .lever, required: true),
        ScenarioKey(
            "plugin.contentFetch.enabled", .lever, type: "boolean", default: "`true`", range: "`true`, `false`",
            meaning: "`false`: the plugin never schedules a fetch (no BG request, no fetch alarm).",
            example: "`true`"),
        ScenarioKey(
            "plugin.contentFetch.schedule", .lever, type: "cron text", default: "required",
            range: "a 5-field cron expression or macro",
            meaning: "When the content fetch is due; each cycle's F is its latest occurrence at or before T.",
            example: "`\"25 18 * * *\"`"),
        ScenarioKey(
            "plugin.contentFetch.callbacks", .lever, type: "mapping", default: "none", range: "a mapping or null",
            meaning: "Compatibility only; checked to be a mapping, no effect on timing.",
            example: "`{}`"),
        ScenarioKey(
            "plugin.contentFetch.url", .lever, type: "any", default: "none", range: "not checked",
            meaning: "Compatibility only; no effect on timing.",
            example: ""),
        ScenarioKey(
            "plugin.contentFetch.timeout", .lever, type: "whole number of **milliseconds**",
            default: "none (no timeout)",
            limits: .integer(1...Int(SimTime.day)),
            meaning: "The plugin's own limit on one fetch attempt: an attempt whose latency "
                + "is longer ends, as a failure (`timeout`), when the limit passes.",
            example: "`30000`"),
        ScenarioKey(
            "plugin.contentFetch.retryAttempts", .lever, type: "whole number", default: "`0`",
            limits: .integer(0...100),
            meaning: "How many times a failed attempt is retried while the code still has CPU: on iOS "
                + "only within the BG `budget` (its expiration ends a retry in progress), on Android "
                + "and in the foreground without limit. Each attempt has its own keyed draws.",
            example: "`3`"),
        ScenarioKey(
            "plugin.contentFetch.retryDelay", .lever, type: "whole number of **milliseconds**", default: "`0`",
            limits: .integer(0...Int(SimTime.day)),
            meaning: "The wait before each retry; a retry that would start after the BG budget expires is not made.",
            example: "`5000`"),
        ScenarioKey(
            "plugin.contentFetch.timesafariConfig", .lever, type: "any", default: "none", range: "not checked",
            meaning: "Compatibility only; no effect on timing.",
            example: ""),
        .part("plugin.userNotification", .lever, required: true),
        ScenarioKey(
            "plugin.userNotification.enabled", .lever, type: "boolean", default: "`true`",
            range: "only `true` (`false` is an error: nothing to simulate)",
            meaning: "Whether the notification is scheduled.",
            example: "`true`"),
        ScenarioKey(
            "plugin.userNotification.schedule", .lever, type: "cron text", default: "required",
            range: "a 5-field cron expression or macro",
            meaning: "The notification time T; each occurrence in the window is one cycle.",
            example: "`\"30 18 * * *\"`"),
        ScenarioKey(
            "plugin.userNotification.title", .lever, type: "text", default: "`New Activity`", range: "any text",
            meaning: "Fallback title, shown when there is no fetched content.",
            example: "`New Activity`"),
        ScenarioKey(
            "plugin.userNotification.body", .lever, type: "text",
            default: "`Check your starred projects and offers for updates.`",
            range: "any text",
            meaning: "Fallback body.",
            example: "`Check your starred projects.`"),
        ScenarioKey(
            "plugin.userNotification.interruptionLevel", .lever, type: "text", default: "`active`",
            range: "`active`, `passive`, `timeSensitive`",
            meaning: "iOS 15+ `UNNotificationInterruptionLevel` of the plugin's notifications: `active` and `passive` "
                + "wait for the user's Scheduled Summary and Focus (`user.scheduledSummary`, `user.focus`); "
                + "`timeSensitive` is seen at once while the user allows it (`platforms.ios.timeSensitiveAllowed`; "
                + "the app needs the Time Sensitive Notifications capability). No effect on Android.",
            example: "`timeSensitive`"),
        ScenarioKey(
            "plugin.userNotification.sound", .lever, type: "boolean", default: "none", range: "`true`, `false`",
            meaning: "Compatibility only; checked, no effect on timing.",
            example: "`true`"),
        ScenarioKey(
            "plugin.userNotification.priority", .lever, type: "text", default: "none",
            range: "`min`, `low`, `normal`, `default`, `high`, `max`",
            meaning: "Compatibility only; checked, no effect on timing.",
            example: "`normal`"),
        ScenarioKey(
            "plugin.userNotification.vibration", .lever, type: "any", default: "none", range: "not checked",
            meaning: "Compatibility only; no effect on timing.",
            example: ""),
        ScenarioKey(
            "plugin.userNotification.badge", .lever, type: "any", default: "none", range: "not checked",
            meaning: "Compatibility only; no effect on timing.",
            example: ""),
        .part("plugin.relationship", .lever),
        ScenarioKey(
            "plugin.relationship.autoLink", .lever, type: "boolean", default: "none", range: "`true`, `false`",
            meaning: "Compatibility only; checked, no effect on timing.",
            example: "`true`"),
        ScenarioKey(
            "plugin.relationship.contentTimeout", .lever,
            type: "whole number of **milliseconds** (not a duration string)",
            default: "`300000` (5 min)", limits: .integer(0...Int(30 * SimTime.day)), range: " (30 days)",
            meaning: "Chained with `guard: deadline`: if nothing is shown by T + contentTimeout "
                + "(or by the next T, if that is sooner), the guard shows the fallback.",
            example: "`300000`"),
        ScenarioKey(
            "plugin.relationship.fallbackBehavior", .lever, type: "text", default: "`show_default`",
            range: "`show_default`, `skip`",
            meaning: "Chained: what a failed fetch or a guard shows. `show_default` shows "
                + "the fallback copy; `skip` shows nothing and arms no guards.",
            example: "`show_default`"),
        ScenarioKey(
            "plugin.defects", .lever, type: "list", default: "`[]`",
            range: "`cancelLeavesGuards`, `cancelLeavesBGRequest`, `rescheduleKeepsOldTime`",
            meaning:
                "What `cancelDualSchedule` (at a turn-off or a time change) or a reschedule leaves behind: the pending guards "
                + "fire; the pending BG request or fetch alarm keeps running its handler (fetching, and arming notifications with "
                + "the chained logic); the old time's next notification stays armed (on iOS independent timers, the repeating "
                + "request, which keeps firing daily). Every strategy uses it unless the strategy has `defects` of its own.",
            example: "`[cancelLeavesGuards]`"),
        ScenarioKey(
            "app.dailyReminder", .lever, type: "mapping `{ schedule, enabled }`", default: "none",
            range: "`schedule` a cron expression (required); `enabled` a boolean",
            meaning: "A repeating local notification of its own. `enabled`: whether the user turned it on "
                + "(default `false`); every reminder shown to a user who did not counts as unwanted.",
            example: "`{ schedule: \"0 9 * * *\", enabled: false }`"),
        .part("app.dailyReminder.schedule", .lever, required: true),
        .part("app.dailyReminder.enabled", .lever),
        ScenarioKey(
            "app.defects", .lever, type: "list", default: "`[]`",
            range: "`enableSchedulesReminder`, `disableLeavesReminder`; needs `dailyReminder`",
            meaning:
                "Turning New Activity on also schedules the reminder; turning it off leaves the reminder scheduled.",
            example: "`[enableSchedulesReminder]`"),
    ]

    /// The strategies' options (`strategies[].<kind>`): one entry for an option the kinds share.
    static let strategyKeys: [ScenarioKey] = [
        ScenarioKey(
            option: "label", of: [.independent, .chained, .push, .onNews], .lever, type: "text",
            default: "the strategy name",
            range: "non-empty, no `/` or `,`, no control or bidirectional characters; unique in the list",
            table: "strategies",
            meaning: "Names the arms `label/platform`.",
            example: "`chained-noguard`"),
        ScenarioKey(
            option: "kind", of: [.push], .lever, type: "text", default: "`alert`", range: "`alert`, `background`",
            table: "strategies.push",
            meaning:
                "`alert`: a push at T, shown by its handler after a fetch within the handler's budget. `background`: a push at F "
                + "that wakes the app to run the chained logic. A background push without a `label` is labelled `silent-push`.",
            example: "`background`"),
        ScenarioKey(
            option: "onEmpty", of: [.independent, .chained, .push], .lever, type: "text", default: "`suppress`",
            range: "`suppress`, `show_default`, `show_cached`", table: "strategies",
            meaning: "What happens when a fetch succeeds with no updates: show nothing (`suppressed`), "
                + "show the fallback copy, or (`show_cached`, a reminder that always shows) show the "
                + "cached content, which the empty fetch confirms: `fresh` when that fetch is in the "
                + "cycle's window within `freshWithin`, its age counted from it; the fallback copy while "
                + "nothing is cached.",
            example: "`show_cached`"),
        ScenarioKey(
            option: "carryUnshown", of: [.independent, .chained, .push], .lever, type: "boolean", default: "`false`",
            range: "`true`, `false`", table: "strategies",
            meaning:
                "Merge updates that were fetched but never shown into the next notification (a candidate fix for lost updates).",
            example: "`true`"),
        ScenarioKey(
            option: "earlyFetch", of: [.independent, .chained, .push], .lever, type: "text", default: "`cache`",
            range: "`cache`, `arm`",
            table: "strategies",
            meaning:
                "What a fetch that completes before the earliest unresolved cycle's F does ([`model.md`](model.md) "
                + "§2, cycle windows). `cache`: it updates the cache and the ack and decides nothing. `arm`: it "
                + "is that cycle's prefetch (an evening fetch arms, or suppresses, the next day's T with content "
                + "~22 h old), as plugins without cycle windows behave; it exists to measure that behaviour.",
            example: "`arm`"),
        ScenarioKey(
            option: "fetchOnOpen", of: [.independent, .chained, .push], .lever, type: "boolean", default: "`false`",
            range: "`true`, `false`", table: "strategies",
            meaning: "An app open also runs the fetcher in the foreground (no BG budget); "
                + "that fetch follows the cycle-window rules like any other.",
            example: "`true`"),
        ScenarioKey(
            option: "defects", of: [.independent, .chained, .push], .lever, type: "list", default: "`plugin.defects`",
            range: "as `plugin.defects`", table: "strategies",
            meaning:
                "This variant's plugin defects, so a buggy plugin runs beside the correct one on the same devices (docs/lifecycle.md).",
            example: "`[cancelLeavesGuards]`"),
        ScenarioKey(
            option: "staleContent", of: [.independent], .lever, type: "text", default: "`show`",
            range: "`show`, `fallback`",
            table: "strategies.independent",
            meaning:
                "What T shows when the cache holds an earlier cycle's content: that content (`stale`), or the fallback copy.",
            example: "`fallback`"),
        ScenarioKey(
            option: "guard", of: [.chained, .push], .lever, type: "text", default: "`deadline`",
            range: "`deadline`, `none`",
            table: "strategies.chained",
            meaning: "`deadline` pre-arms a fallback request at T + `contentTimeout` that a successful "
                + "fetch cancels. With `none`, a cycle is missed if nothing appears by the next T.",
            example: "`none`"),
        ScenarioKey(
            option: "guardHorizon", of: [.chained, .push], .lever, type: "duration", default: "`7d`",
            range: "longer than zero",
            table: "strategies.chained",
            meaning:
                "iOS: how far ahead guards are pre-armed whenever plugin code runs. iOS also allows at most 64 pending requests.",
            example: "`14d`"),
        ScenarioKey(
            option: "interval", of: [.onNews], .lever, type: "duration", default: "`6h`", range: "at least `15m`",
            table: "strategies.onNews",
            meaning:
                "The earliest time from one run to the next: iOS resubmits its processing request for now + `interval` at each "
                + "run; Android's periodic work repeats every `interval` (androidx allows no less than 15 minutes).",
            example: "`12h`"),
    ]
}
