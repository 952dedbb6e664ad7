/// Every key a scenario file may hold, as one tree: the loader takes each
/// mapping's valid keys from it (and so rejects anything else with a
/// suggestion), and the docs test checks that every key is documented.
///
/// Paths are dotted; `[]` stands for any item of a list and a strategy's
/// options sit under `strategies.<name>`. Distributions are a one-key map
/// naming a family, whose parameters are in `distributionParameters`.
public enum ScenarioKeys {
    public static let tree: [String: [String]] = [
        "": ["name", "description", "seed", "devices", "days", "start", "timeZone", "plugin", "platforms", "fetch", "server",
             "user", "strategies", "metrics", "expect", "sweep", "precision", "app"],
        "plugin": ["contentFetch", "userNotification", "relationship", "defects"],
        // The keys of DualScheduleConfiguration the app sends.
        "plugin.contentFetch": ["enabled", "schedule", "callbacks", "url", "timeout", "retryAttempts", "retryDelay",
                                "timesafariConfig"],
        "plugin.userNotification": ["enabled", "schedule", "title", "body", "sound", "priority", "vibration", "badge"],
        "plugin.relationship": ["autoLink", "contentTimeout", "fallbackBehavior"],
        "platforms": ["ios", "android"],
        "platforms.ios": ["fetchTask", "notificationDelay", "inactiveAfter", "resubmitOnOpen", "push"],
        "platforms.ios.push": ["delay", "drop", "storeFor", "nseBudget", "filtering", "background"],
        "platforms.ios.push.background": ["delay", "drop"],
        "platforms.ios.fetchTask": ["kind", "delay", "never", "budget", "requiresExternalPower", "requiresNetworkConnectivity"],
        "platforms.android": ["fetchAlarm", "notificationDelay", "alarmKind", "exactAlarmPermission", "inexactWindow", "doze",
                              "rescheduleOnBoot", "bootCompletedDelay", "push"],
        "platforms.android.push": ["delay", "drop", "storeFor", "priority", "handlerBudget"],
        "platforms.android.doze": ["firstIdle", "factor", "maxIdle"],
        "platforms.android.fetchAlarm": ["delay"],
        "fetch": ["latency", "failure", "copy"],
        "fetch.copy": ["one", "many", "itemName"],
        "fetch.copy.one": ["title", "body"],
        "fetch.copy.many": ["title", "body"],
        "server": ["updatesPerDay", "starredPlans"],
        "user": ["appOpensPerDay", "appOpenHours", "forceQuitPerDay", "tokenLifetime", "lowPowerMode", "offline",
                 "rebootsPerDay", "charging", "idle", "disablePerDay", "disabledFor", "timeChangePerDay", "notifyTimes",
                 "starredChangePerDay", "emptyStarredShare"],
        "user.lowPowerMode": ["perDay", "duration", "startHours"],
        "user.offline": ["perDay", "duration", "startHours"],
        "user.charging": ["start", "end"],
        "user.idle": ["start", "end"],
        "strategies.independent": ["label", "onEmpty", "carryUnshown", "earlyFetch", "fetchOnOpen", "defects", "staleContent"],
        "strategies.chained": ["label", "onEmpty", "carryUnshown", "earlyFetch", "fetchOnOpen", "defects", "guard", "guardHorizon"],
        "strategies.push": ["label", "kind", "onEmpty", "carryUnshown", "earlyFetch", "fetchOnOpen", "defects", "guard",
                            "guardHorizon"],
        "metrics": ["lateAfter", "freshWithin", "duplicateWindow"],
        "app": ["dailyReminder", "defects"],
        "app.dailyReminder": ["schedule", "enabled"],
        "expect[]": ["arm", "metric", "min", "max"],
        "sweep[]": ["key", "values", "range"],
        "sweep[].range": ["from", "to", "step"],
        "precision": ["halfWidth", "maxDevices"],
    ]

    /// Each distribution family's parameters (SPEC §6); mixtures add `weight` to each component.
    public static let distributionParameters: [String: [String]] = [
        "fixed": [], "exponential": ["mean"], "lognormal": ["median", "sigma"], "uniform": ["min", "max"],
        "gamma": ["shape", "scale"], "weibull": ["shape", "scale"], "empirical": ["points"], "mixture": ["weight"],
    ]

    /// The families in the order messages list them.
    public static let distributionFamilies = ["fixed", "exponential", "lognormal", "uniform", "gamma", "weibull", "empirical",
                                              "mixture"]

    /// The valid keys of the mapping at `path`.
    public static func keys(at path: String) -> [String] {
        guard let keys = tree[path] else { preconditionFailure("no scenario keys are declared at '\(path)'") }
        return keys
    }

    /// Every key name anywhere in a scenario.
    public static var allKeys: Set<String> {
        Set(tree.values.flatMap { $0 } + distributionFamilies + distributionParameters.values.flatMap { $0 })
    }
}
