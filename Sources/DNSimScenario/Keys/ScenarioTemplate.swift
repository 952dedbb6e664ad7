import DNSimCore
import DNSimText

/// The scenario `dnsim-events init` writes: the app's `DualScheduleConfiguration`
/// as the plugin block, and around it the numbers of the world, each either cited by
/// its source's name or marked `# replace:` with what measures it, and a comment on
/// every block saying what to change. Nothing of one app's world (TimeSafari's update
/// rate or token pool) is passed off as another's.
public enum ScenarioTemplate {
    /// The configuration TimeSafari sends (its plugin feedback): an example of the format.
    public static let exampleConfiguration = """
    {
      "contentFetch": { "enabled": true, "schedule": "25 18 * * *", "callbacks": {} },
      "userNotification": {
        "enabled": true,
        "schedule": "30 18 * * *",
        "title": "New Activity",
        "body": "Check your starred projects and offers for updates.",
        "sound": true,
        "priority": "normal"
      },
      "relationship": { "autoLink": true, "contentTimeout": 300000, "fallbackBehavior": "show_default" }
    }
    """

    /// A configuration for `init --name` without `--from`: the fetch and notification at the
    /// local minutes given, the notification titled `title`, and the fallback text to replace.
    public static func configuration(title: String, fetchAt: Int, notifyAt: Int) -> String {
        func cron(_ minutes: Int) -> String { "\(minutes % 60) \(minutes / 60) * * *" }
        return """
        {
          "contentFetch": { "enabled": true, "schedule": "\(cron(fetchAt))" },
          "userNotification": {
            "enabled": true,
            "schedule": "\(cron(notifyAt))",
            "title": \(JSONQuoting.quoted(title)),
            "body": "Your update is ready."
          },
          "relationship": { "autoLink": true, "contentTimeout": 300000, "fallbackBehavior": "show_default" }
        }
        """
    }

    /// The `# replace:` comments for a configuration init made up: by the key's dotted path in it.
    public static func placeholders(fetchGiven: Bool, notifyGiven: Bool) -> [String: String] {
        var marks = [
            "userNotification.body": "the fallback text your app shows when no fresh content arrived",
            "relationship.contentTimeout": "how long your app waits for the fetch, in ms (the plugin's default is 300000)",
        ]
        // A fetch derived from a given notification time is the 5-minute lead, a lever, not a placeholder.
        if !fetchGiven && !notifyGiven { marks["contentFetch.schedule"] = "when your app fetches (cron, local time; or init --fetch-at HH:MM)" }
        if !notifyGiven { marks["userNotification.schedule"] = "when your app notifies (cron, local time; or init --notify-at HH:MM)" }
        return marks
    }

    /// A rendered scenario, and for each line of its plugin block the place
    /// in the configuration it came from (so a message about it can point there).
    public struct Rendering: Sendable {
        public var text: String
        /// Line number in `text` → (column where the key starts, the key's mark, the value's mark).
        public var origins: [Int: (keyColumn: Int, key: SourceMark, value: SourceMark)]
    }

    /// The scenario for `name`, with `plugin` (the configuration object) as its plugin block.
    /// `source` says where the configuration came from, for the header.
    /// `placeholders` marks the configuration's keys (dotted paths) that are to be replaced, with what to put there.
    public static func render(name: String, plugin: PositionedJSON, source: String, timeZone: String,
                              placeholders: [String: String] = [:]) -> Rendering {
        var lines = header(name: name, source: source)
        lines += [
            "name: \(name)",
            "seed: 42                         # the random world; keep it fixed so check compares like with like",
            "devices: 1000                    # simulated installs (independent replications)",
            "days: 365                        # simulated days per device",
            "start: 2027-01-01                # first local day",
            "timeZone: \(timeZone)" + String(repeating: " ", count: max(1, 33 - "timeZone: \(timeZone)".count))
                + "# where most of your users are; cron times are local to it",
            "",
            placeholders.isEmpty ? "# The DualScheduleConfiguration the app passes to scheduleDualNotification, as given."
                : "# The DualScheduleConfiguration the app passes to scheduleDualNotification, as init made it: replace the marked values.",
            "plugin:",
        ]
        var origins: [Int: (keyColumn: Int, key: SourceMark, value: SourceMark)] = [:]
        origins[lines.count] = (1, plugin.mark, plugin.mark)
        if case .object(let members, _) = plugin {
            for member in members { block(member, indent: 2, path: "", placeholders, into: &lines, origins: &origins) }
        }
        lines += body
        return Rendering(text: lines.joined(separator: "\n") + "\n", origins: origins)
    }

    /// One member in block style: nested objects indented, everything else on the key's line.
    static func block(_ member: PositionedJSON.Member, indent: Int, path: String, _ placeholders: [String: String],
                      into lines: inout [String], origins: inout [Int: (keyColumn: Int, key: SourceMark, value: SourceMark)]) {
        let pad = String(repeating: " ", count: indent)
        let path = path.isEmpty ? member.key : "\(path).\(member.key)"
        let key = plainKey(member.key) ? member.key : JSONQuoting.quoted(member.key)
        if case .object(let members, _) = member.value, !members.isEmpty {
            lines.append("\(pad)\(key):")
            origins[lines.count] = (indent + 1, member.keyMark, member.value.mark)
            for child in members { block(child, indent: indent + 2, path: path, placeholders, into: &lines, origins: &origins) }
        } else {
            lines.append("\(pad)\(key): \(flow(member.value))" + (placeholders[path].map { "  # replace: \($0)" } ?? ""))
            origins[lines.count] = (indent + 1, member.keyMark, member.value.mark)
        }
    }

    /// A value on one line: JSON is YAML's flow style, with strings always double-quoted.
    static func flow(_ value: PositionedJSON) -> String {
        switch value {
        case .object(let members, _):
            return "{" + members.map { "\(plainKey($0.key) ? $0.key : JSONQuoting.quoted($0.key)): \(flow($0.value))" }.joined(separator: ", ") + "}"
        case .array(let items, _): return "[" + items.map(flow).joined(separator: ", ") + "]"
        case .string(let text, _): return JSONQuoting.quoted(text)
        case .number(let text, _): return text
        case .bool(let value, _): return value ? "true" : "false"
        case .null: return "null"
        }
    }

    static func plainKey(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return false }
        return key.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
    }

    static func header(name: String, source: String) -> [String] {
        [
            "# \(name): a dnsim-events scenario for the dual schedule in \(source).",
            "# Written by `dnsim-events init` (dnsim-events \(ToolVersion.current)). Every line marked `# replace:` is a",
            "# placeholder for a fact of your app's world: put your own figure there (the comment says what measures",
            "# it). Until then the results describe the placeholder, not your app.",
            "#",
            "# Sources of the numbers that are not placeholders, and of the iOS starting point:",
            "# - iOS BGAppRefreshTask delay: Apple documents no bound: \"the system decides the best time to",
            "#   launch your background task\" (BGTaskScheduler docs) and weighs battery, Low Power Mode, app",
            "#   usage and user intent (WWDC 2020, \"Background execution demystified\"; WWDC 2019 session 707,",
            "#   \"Advances in App Background Execution\"). Developers report runs minutes to hours after",
            "#   earliestBeginDate. The starting point is a lognormal with a 90 min median and sigma 1.5 (p10 ≈ 13 min,",
            "#   p90 ≈ 10 h) and 15% of requests that never run: a judgement fit to those reports, not a measurement.",
            "# - budget: \"up to 30 seconds of background runtime\" (BGTaskScheduler docs).",
            "# - Android: exact alarms (setExactAndAllowWhileIdle / setAlarmClock) fire on time: 0 s delay. This",
            "#   assumes SCHEDULE_EXACT_ALARM is granted; Android 14 denies it by default to new installs (set",
            "#   platforms.android.exactAlarmPermission: false to see what that costs).",
            "",
            "# Next: dnsim-events fit YOUR-LOG.csv   (measure a placeholder from your telemetry; docs/telemetry.md)",
            "#       dnsim-events validate FILE     (what a run simulates)",
            "#       dnsim-events FILE              (run; writes Reports/\(name)/, commit it as the baseline)",
            "#       dnsim-events check FILE        (after a policy change: compare with that baseline)",
            "",
        ]
    }

    static let body: [String] = [
        "",
        "platforms:",
        "  ios:",
        "    fetchTask:",
        "      kind: appRefresh                                   # BGAppRefreshTask; processing for BGProcessingTask",
        "      delay: { lognormal: { median: 90m, sigma: 1.5 } }  # replace: after earliestBeginDate; dnsim-events fit your BG-launch log",
        "      never: 0.15                                        # replace: share of requests that never run; the same fit",
        "      budget: 30s                                        # past it the expiration handler cancels the fetch (Apple's limit)",
        "    notificationDelay: { fixed: 0s }                     # from the trigger to the banner",
        "  android:",
        "    fetchAlarm: { delay: { fixed: 0s } }                 # exact alarms fire on time",
        "    notificationDelay: { fixed: 0s }",
        "",
        "fetch:",
        "  latency: { lognormal: { median: 800ms, sigma: 0.6 } }  # replace: your endpoint's; dnsim-events fit your fetch log",
        "  failure: 0.02                    # replace: network failure share per attempt; the same fit",
        "",
        "server:",
        "  updatesPerDay: 1                 # replace: how often your content changes, per user and day (your server's logs)",
        "  starredPlans: 1                  # replace: how many sources a user follows, each with its own updates",
        "",
        "user:",
        "  appOpensPerDay: 1                # replace: opens per user and day; dnsim-events fit your app-open log",
        "  forceQuitPerDay: 0               # replace: iOS force-quits per user and day (BG tasks stop until the next open)",
        "  tokenLifetime: never             # replace: how long the fetch's credentials last with no app open (e.g. 3d)",
        "",
        "strategies:",
        "  - independent                    # the fetch and the notification as two peer schedules",
        "  - chained                        # fetch, then cache, then arm the notification (guard: deadline)",
        "",
        "metrics:",
        "  lateAfter: \(SimulationPlan.defaultLateAfter / SimTime.second)s                   "
            + "# a notification shown later than this after T counts as late",
        "",
        "# Bounds for `dnsim-events check` to enforce, for example:",
        "# expect:",
        "#   - { arm: chained/android, metric: missed, max: 0.01 }",
        "#   - { arm: \"*/ios\", metric: fallback, max: \"98%\" }",
    ]
}
