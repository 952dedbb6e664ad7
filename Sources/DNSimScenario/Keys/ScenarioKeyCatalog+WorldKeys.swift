import DNSimCore

/// `fetch`, `server` and `user`: the network, the server's updates and the user.
extension ScenarioKeyCatalog {
    static let worldKeys: [ScenarioKey] = [
        ScenarioKey(
            "fetch.latency", .condition, type: "distribution", default: "`{ fixed: 0s }`", range: "any distribution",
            meaning: "Time from the start of a `plansLastUpdatedBetween` request to its response.",
            example: "`{ lognormal: { median: 800ms, sigma: 0.6 } }`"),
        ScenarioKey(
            "fetch.failure", .condition, type: ScenarioKey.perDeviceNumber, default: "`0`", limits: .number(0...1),
            meaning: "Probability that an attempt fails with a network error. A failure does not move the ack.",
            example: "`0.02`"),
        ScenarioKey(
            "fetch.copy", .lever, type: "mapping `{ one, many, itemName }`", default: "TimeSafari's copy",
            range: "`one` and `many` are `{ title, body }` with the placeholders `{first}`, "
                + "`{count}`, `{more}`; `itemName` contains `{n}` (default `Item {n}`)",
            why: "the app's own text",
            meaning: "The notification copy of fetched content, for an app other than TimeSafari: `one` when "
                + "one item updated, `many` otherwise. `{first}` is the most recently updated item's "
                + "name, `{count}` how many updated, `{more}` one less. It changes only what traces show.",
            example: "`{ one: { title: New episode, body: \"“{first}” is out.\" }, "
                + "many: { title: \"{count} new episodes\", body: \"“{first}” and {more} more are out.\" }, "
                + "itemName: \"Episode {n}\" }`"),
        .part("fetch.copy.one", .lever, required: true),
        .part("fetch.copy.one.title", .lever, required: true),
        .part("fetch.copy.one.body", .lever, required: true),
        .part("fetch.copy.many", .lever, required: true),
        .part("fetch.copy.many.title", .lever, required: true),
        .part("fetch.copy.many.body", .lever, required: true),
        .part("fetch.copy.itemName", .lever),
        ScenarioKey(
            "server.updatesPerDay", .condition, type: "number", default: "`1`", limits: .number(0...100_000),
            meaning: "Poisson rate of server updates per day, across all starred projects.",
            example: "`1.5`"),
        ScenarioKey(
            "server.starredPlans", .condition, type: "whole number", default: "`1`", limits: .integer(1...10_000),
            why: "how many projects the user starred",
            meaning:
                "Number of starred projects. Each update goes to one of them at random, which shapes the notification text.",
            example: "`5`"),
        ScenarioKey(
            "server.pushWhen", .lever, type: "text", default: "`always`", range: "`always`, `withNews`",
            meaning:
                "When the server sends a push strategy's pushes (both platforms). `withNews`: only when the user's "
                + "starred projects have updates since the last push it sent (and the list is not empty). No push "
                + "means nothing arrives: an alert push's cycle is `suppressed`; a background push's chained arm shows "
                + "its guard's fallback, if it pre-armed one, since the device cannot know the server had no news.",
            example: "`withNews`"),
        ScenarioKey(
            "user.appOpensPerDay", .condition, type: ScenarioKey.perDeviceNumber, default: "`0`",
            limits: .number(0...1_000),
            meaning: "Poisson rate of app opens. Each open runs plugin code: it "
                + "resubmits the BG request, re-arms, and hands over a fresh JWT.",
            example: "`1.2`"),
        ScenarioKey(
            "user.appOpenHours", .condition, type: "list of 24 numbers", default: "uniform over the day",
            range: "weights ≥ 0, not all 0",
            meaning:
                "Relative weight of each hour (from local midnight of the start day, in 24 h steps) for app opens.",
            example: "`[0, 0, 0, 0, 0, 0, 1, 3, 3, 2, 1, 1, 2, 1, 1, 1, 1, 2, 3, 3, 3, 2, 1, 0]`"),
        ScenarioKey(
            "user.forceQuitPerDay", .condition, type: ScenarioKey.perDeviceNumber, default: "`0`",
            limits: .number(0...1_000),
            meaning: "iOS: Poisson rate of force-quits. After one, no BG task runs until the next app open.",
            example: "`0.05`"),
        ScenarioKey(
            "user.forceStopPerDay", .condition, type: ScenarioKey.perDeviceNumber, default: "`0`",
            limits: .number(0...1_000),
            meaning:
                "Android: Poisson rate of force stops (Settings → Force stop, or a vendor's cleaner). The app enters "
                + "Android's stopped state: every alarm of the app is cancelled, `BOOT_COMPLETED` does not reach it, "
                + "and FCM drops its messages (`droppedAppForceStopped`) until the next app open, which re-arms.",
            example: "`0.1`"),
        ScenarioKey(
            "user.tokenLifetime", .condition, type: "duration or `never`", default: "none (tokens never expire)",
            range: "longer than zero",
            meaning:
                "How long the JWT pool handed over at setup and at each app open lasts. After that, fetches fail with 401.",
            example: "`3d`"),
        ScenarioKey(
            "user.lowPowerMode", .condition, type: "mapping `{ perDay, duration, startHours }`", default: "none",
            range:
                "`perDay` 0 – 100; `duration` a distribution; `startHours` optional, 24 weights ≥ 0 as `appOpenHours`",
            meaning: "iOS Low Power Mode periods: no BG task launches while one is on. `startHours` weights "
                + "the local hour a period starts in (uniform over the day without it). A period's start "
                + "and its duration have keys of their own, so changing one never moves the other.",
            example: "`{ perDay: 0.3, duration: { uniform: { min: 2h, max: 10h } } }`"),
        .part("user.lowPowerMode.perDay", .condition, required: true, limits: .number(0...100)),
        .part("user.lowPowerMode.duration", .condition, required: true, type: "distribution"),
        .part("user.lowPowerMode.startHours", .condition),
        ScenarioKey(
            "user.offline", .condition, type: "mapping `{ perDay, duration, startHours }`", default: "none",
            range: "as above",
            meaning: "Periods without network: fetches started in them fail.",
            example: "`{ perDay: 0.5, duration: { exponential: { mean: 1h } } }`"),
        .part("user.offline.perDay", .condition, required: true, limits: .number(0...100)),
        .part("user.offline.duration", .condition, required: true, type: "distribution"),
        .part("user.offline.startHours", .condition),
        ScenarioKey(
            "user.rebootsPerDay", .condition, type: ScenarioKey.perDeviceNumber, default: "`0`",
            limits: .number(0...100),
            meaning: "Poisson rate of reboots. Android loses every alarm; iOS keeps its pending requests.",
            example: "`0.05`"),
        ScenarioKey(
            "user.charging", .condition, type: "mapping `{ start, end }`, or null", default: "none",
            range:
                "`start` and `end` are local times `HH:MM`; may cross midnight; null means none (so a sweep can compare with and without)",
            meaning: "The daily charging window (for `requiresExternalPower`); Android does not Doze while it charges.",
            example: "`{ start: \"23:00\", end: \"07:00\" }`"),
        .part("user.charging.start", .condition, required: true),
        .part("user.charging.end", .condition, required: true),
        ScenarioKey(
            "user.idle", .condition, type: "mapping `{ start, end }`, or null", default: "none",
            range: "`start` and `end` are local times `HH:MM`; may cross midnight; null means none",
            meaning: "The daily window when the phone lies still and unused: Doze on Android, processing tasks on iOS.",
            example: "`{ start: \"00:30\", end: \"07:00\" }`"),
        .part("user.idle.start", .condition, required: true),
        .part("user.idle.end", .condition, required: true),
        ScenarioKey(
            "user.scheduledSummary", .condition, type: "mapping `{ times }`, or null", default: "none",
            range: "`times`: 1 to 12 distinct local times `HH:MM`",
            meaning:
                "iOS 15+ Scheduled Summary with this app in it: a delivered notification of interruption level `active` or `passive` "
                + "waits for the next summary time; a `timeSensitive` one (while `platforms.ios.timeSensitiveAllowed`) is seen at "
                + "once. Lateness, freshness and content age run to the moment it is seen (trace `notification.held`). iOS only.",
            example: "`{ times: [\"08:00\", \"18:00\"] }`"),
        .part("user.scheduledSummary.times", .condition, required: true),
        ScenarioKey(
            "user.focus", .condition, type: "mapping `{ start, end }`, a list of them, or null", default: "none",
            range: "`start` and `end` are local times `HH:MM`; may cross midnight",
            meaning: "iOS Focus periods, every day: a notification that is not time-sensitive waits until "
                + "the period ends, then for the next Scheduled Summary if the user has one. iOS only.",
            example: "`{ start: \"22:00\", end: \"07:00\" }`"),
        .part("user.focus.start", .condition, required: true),
        .part("user.focus.end", .condition, required: true),
        ScenarioKey(
            "user.disablePerDay", .condition, type: "number", default: "`0`", limits: .number(0...100),
            range: "; needs `disabledFor`",
            meaning: "Poisson rate at which the user turns New Activity off. The app calls `cancelDualSchedule()`; "
                + "cycles whose T falls while it is off count as `off` and are not due (docs/lifecycle.md).",
            example: "`0.025`"),
        ScenarioKey(
            "user.disabledFor", .condition, type: "distribution", default: "none",
            range: "any distribution; needs `disablePerDay`",
            meaning: "How long it stays off; turning it on again runs a setup "
                + "(`configureNativeFetcher`, `updateStarredPlans`, `scheduleDualNotification`).",
            example: "`{ exponential: { mean: 5d } }`"),
        ScenarioKey(
            "user.timeChangePerDay", .condition, type: "number", default: "`0`", limits: .number(0...100),
            range: "; needs `notifyTimes`",
            meaning: "Poisson rate at which the user picks a new notification time; "
                + "the app reschedules (new T, F = T − the scenario's lead).",
            example: "`0.015`"),
        ScenarioKey(
            "user.notifyTimes", .condition, type: "list of local times `HH:MM`, or a map from each to its weight",
            default: "none",
            range: "1 – 96 distinct times; weights ≥ 0, not all 0",
            meaning: "The times the user picks from, uniformly or by weight.",
            example: "`{ \"07:00\": 2, \"12:30\": 1, \"18:30\": 2 }`"),
        ScenarioKey(
            "user.starredChangePerDay", .condition, type: "number", default: "`0`", limits: .number(0...1_000),
            meaning: "Poisson rate of edits to the starred projects (`updateStarredPlans`).",
            example: "`0.15`"),
        ScenarioKey(
            "user.emptyStarredShare", .condition, type: "number", default: "`0`", limits: .number(0...1),
            meaning: "After each edit (and at setup) the list is empty with this probability, so it is "
                + "empty this share of the time. A fetch with no starred projects returns no updates.",
            example: "`0.05`"),
    ]
}
