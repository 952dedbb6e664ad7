import DNSimCore

/// Rules that cut off every device: legal, but rarely what a user meant, so
/// they are said as `file:line:col: warning:` (and are errors with
/// `--warnings-as-errors`).
enum ScenarioWarnings {
    static func check(_ scenario: Scenario, calendar: CycleCalendar, top: ScenarioSection, _ r: ScenarioReader) {
        let ios = top["platforms"]?.value(forKey: "ios")
        let opens = scenario.user.appOpensPerDay
        let days = DurationSyntax.format
        if let lead = ScheduleLead.warning(scenario, calendar: calendar) {
            let plugin = top["plugin"]
            let section = lead.culprit == .notify ? "userNotification" : "contentFetch"
            r.warning(plugin?.value(forKey: section)?.value(forKey: "schedule")?.mark ?? plugin?.mark, lead.message)
        }
        if let configuration = scenario.ios {
            if let limit = configuration.inactiveAfter, opens == 0 {
                r.warning(
                    ios?.value(forKey: "inactiveAfter")?.mark ?? ios?.mark,
                    "inactiveAfter \(days(limit)) with no app opens (user.appOpensPerDay is 0): "
                        + "every device stops getting BG launches after \(days(limit))")
            }
            if configuration.taskKind == .processing {
                let kind = ios?.value(forKey: "fetchTask")?.value(forKey: "kind")?.mark ?? ios?.mark
                if let idle = scenario.idleWindow {
                    if !overlapsAnyCycle(idle, scenario, calendar) {
                        r.warning(
                            top["user"]?.value(forKey: "idle")?.mark ?? kind,
                            "user.idle (\(idle.text)) never overlaps a cycle's window from F to T + contentTimeout: "
                                + "a processing task, which runs only while idle, can never fetch in time")
                    }
                } else {
                    r.warning(
                        kind,
                        "a processing task runs only while the phone is idle, and no user.idle windows are given: no BG task ever runs"
                    )
                }
                if opens == 0, scenario.days > 7 {
                    r.warning(
                        kind,
                        "a processing request is fulfilled only while the app was used within the past week, "
                            + "and nothing opens the app (user.appOpensPerDay is 0): no processing task runs after the first 7 days"
                    )
                }
            }
            if configuration.launch == .beforeUse, scenario.user.appOpenHours == nil {
                r.warning(
                    ios?.value(forKey: "fetchTask")?.value(forKey: "launch")?.mark ?? ios?.mark,
                    "launch beforeUse without user.appOpenHours: every hour is a usage hour, so requests launch as with afterEarliest"
                )
            }
            let spacing = calendar.count > 1 ? calendar.notifyTimes[1] - calendar.notifyTimes[0] : 0
            for (index, strategy) in scenario.strategies.enumerated()
            where strategy.armsGuards && strategy.guardPolicy == .deadline && strategy.guardHorizon < spacing {
                // At the entry's guardHorizon, or the entry itself when it takes the default.
                let item = top["strategies"]?.sequence.flatMap { index < $0.count ? $0[index] : nil }
                let options = item?.value(forKey: strategy.kind.rawValue)
                r.warning(
                    options?.value(forKey: "guardHorizon")?.mark ?? item?.mark ?? top["strategies"]?.mark,
                    "\(strategy.label): guardHorizon \(days(strategy.guardHorizon)) is shorter than the cycle spacing (\(days(spacing))): "
                        + "iOS guards are armed only when plugin code runs within \(days(strategy.guardHorizon)) of a cycle's deadline"
                )
            }
        }
        if let lifetime = scenario.user.tokenLifetime, opens == 0, lifetime < Millis(scenario.days) * SimTime.day {
            r.warning(
                top["user"]?.value(forKey: "tokenLifetime")?.mark,
                "tokenLifetime \(days(lifetime)) is shorter than the run (\(scenario.days) days) "
                    + "and nothing opens the app (user.appOpensPerDay is 0): every fetch fails with 401 after it")
        }
    }

    /// Whether the idle window overlaps [F, T + contentTimeout] of any of the first two weeks' cycles.
    private static func overlapsAnyCycle(_ idle: DailyWindow, _ scenario: Scenario, _ calendar: CycleCalendar) -> Bool {
        let windows = idle.windows(in: scenario.timeZone, from: scenario.start, days: min(scenario.days, 14) + 1)
        for cycle in 0..<min(calendar.count, 14) {
            let end = calendar.notifyTimes[cycle] + scenario.plugin.contentTimeout
            if let inside = windows.nextInside(calendar.fetchTimes[cycle]), inside < end { return true }
        }
        return false
    }
}
