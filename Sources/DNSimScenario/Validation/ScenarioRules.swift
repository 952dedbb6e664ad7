import DNSimCore

/// The rules that tie keys of different places together, checked in one pass once the
/// sections are read (each section's reader checks only its own values), and the calendar's.
enum ScenarioRules {
    /// What the rules read: the scenario's sections, before the scenario is assembled (it
    /// cannot be without both schedules, and these rules hold whatever the schedules are).
    struct Parts {
        var ios: IOSConfiguration?
        var android: AndroidConfiguration?
        var user: UserConfiguration
        var lifecycle: LifecycleSettings
        var strategies: [StrategyConfiguration]
        var chargingWindow: DailyWindow?
        var idleWindow: DailyWindow?
    }

    /// The rules that need no calendar. `precision.maxDevices` against `devices` is checked by
    /// `RunReader.precision`, which is read only with both schedules.
    static func check(_ scenario: Parts, _ top: ScenarioSection) {
        let r = top.reader
        let root = top.node
        let ios = root.value(forKey: "platforms")?.value(forKey: "ios")
        let android = root.value(forKey: "platforms")?.value(forKey: "android")
        let user = root.value(forKey: "user")
        if let configuration = scenario.ios, configuration.requiresExternalPower {
            if configuration.taskKind != .processing {
                r.error(
                    ios?.value(forKey: "fetchTask")?.value(forKey: "requiresExternalPower")?.mark,
                    "platforms.ios.fetchTask.requiresExternalPower applies to kind: processing only")
            }
            if scenario.chargingWindow == nil {
                r.error(
                    ios?.mark,
                    "requiresExternalPower needs user.charging windows (e.g. { start: \"23:00\", end: \"07:00\" })")
            }
        }
        if let configuration = scenario.android {
            if configuration.push.priority == .normal, configuration.doze == nil,
                scenario.strategies.contains(where: { $0.kind == .push })
            {
                r.warning(
                    android?.value(forKey: "push")?.mark,
                    "platforms.android.push.priority normal waits only for Doze, "
                        + "and this scenario has no platforms.android.doze: it behaves as high")
            }
            if configuration.doze != nil, scenario.idleWindow == nil {
                r.error(
                    android?.mark,
                    "doze needs user.idle windows, when the phone lies still (e.g. { start: \"00:00\", end: \"07:00\" })"
                )
            }
        }
        // The lifecycle's pairs (docs/lifecycle.md).
        switch (user?.value(forKey: "disablePerDay"), user?.value(forKey: "disabledFor")) {
        case (let rate?, nil):
            r.error(
                rate.mark,
                "user.disablePerDay needs user.disabledFor, how long New Activity stays off (e.g. { exponential: { mean: 3d } })"
            )
        case (nil, let duration?):
            r.error(
                duration.mark, "user.disabledFor needs user.disablePerDay, how often the user turns New Activity off")
        default: break
        }
        if let rate = user?.value(forKey: "timeChangePerDay"), scenario.user.timeChangePerDay > 0,
            user?.value(forKey: "notifyTimes") == nil
        {
            r.error(
                rate.mark,
                "user.timeChangePerDay needs user.notifyTimes, the times the user picks from (e.g. [\"07:00\", \"12:30\"])"
            )
        }
        let app = root.value(forKey: "app")
        if !scenario.lifecycle.appDefects.isEmpty, app?.value(forKey: "dailyReminder") == nil {
            r.error(
                app?.value(forKey: "defects")?.mark,
                "app.defects concern the Daily Reminder: add app.dailyReminder (e.g. { schedule: \"0 9 * * *\" })")
        }
    }

    /// The calendar's rule (the schedules fire, and not too often), said at the schedule that
    /// breaks it; its cycles, for the default `freshWithin` and the warnings, when it holds.
    static func calendar(_ scenario: Scenario, _ top: ScenarioSection) -> CycleCalendar? {
        switch scenario.calendar(days: scenario.days) {
        case .failure(let problem):
            top.reader.error(problem.mark(in: top.node), problem.message)
            return nil
        case .success(let calendar):
            return calendar
        }
    }
}
