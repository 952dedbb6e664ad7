import DNSimCore
import DNSimText

/// The scenario `dnsim-events init` writes: the app's `DualScheduleConfiguration`
/// as the plugin block, and around it the library's cited calibration for
/// both platforms and both strategies (the numbers of `Scenarios/new-activity.yaml`),
/// with a comment on every block saying what to change.
public enum ScenarioTemplate {
    /// The configuration TimeSafari sends (its plugin feedback), for `init --name` without `--from`.
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

    /// A rendered scenario, and for each line of its plugin block the place
    /// in the configuration it came from (so a message about it can point there).
    public struct Rendering: Sendable {
        public var text: String
        /// Line number in `text` → (column where the key starts, the key's mark, the value's mark).
        public var origins: [Int: (keyColumn: Int, key: SourceMark, value: SourceMark)]
    }

    /// The scenario for `name`, with `plugin` (the configuration object) as its plugin block.
    /// `source` says where the configuration came from, for the header.
    public static func render(name: String, plugin: PositionedJSON, source: String, timeZone: String) -> Rendering {
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
            "# The DualScheduleConfiguration the app passes to scheduleDualNotification, as given.",
            "plugin:",
        ]
        var origins: [Int: (keyColumn: Int, key: SourceMark, value: SourceMark)] = [:]
        origins[lines.count] = (1, plugin.mark, plugin.mark)
        if case .object(let members, _) = plugin {
            for member in members { block(member, indent: 2, into: &lines, origins: &origins) }
        }
        lines += body
        return Rendering(text: lines.joined(separator: "\n") + "\n", origins: origins)
    }

    /// One member in block style: nested objects indented, everything else on the key's line.
    static func block(_ member: PositionedJSON.Member, indent: Int, into lines: inout [String],
                      origins: inout [Int: (keyColumn: Int, key: SourceMark, value: SourceMark)]) {
        let pad = String(repeating: " ", count: indent)
        let key = plainKey(member.key) ? member.key : JSONQuoting.quoted(member.key)
        if case .object(let members, _) = member.value, !members.isEmpty {
            lines.append("\(pad)\(key):")
            origins[lines.count] = (indent + 1, member.keyMark, member.value.mark)
            for child in members { block(child, indent: indent + 2, into: &lines, origins: &origins) }
        } else {
            lines.append("\(pad)\(key): \(flow(member.value))")
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
            "# Written by `dnsim-events init` (dnsim-events \(ToolVersion.current)); edit the numbers below to your app's.",
            "#",
            "# Calibration (where the numbers come from; the same as the shipped Scenarios/new-activity.yaml):",
            "# - iOS BGAppRefreshTask delay: Apple documents no bound: \"the system decides the best time to",
            "#   launch your background task\" (BGTaskScheduler docs) and weighs battery, Low Power Mode, app",
            "#   usage and user intent (WWDC 2020, \"Background execution demystified\"; WWDC 2019 session 707).",
            "#   Developers report runs minutes to hours after earliestBeginDate. Modelled as a lognormal with a",
            "#   90 min median and sigma 1.5 (p10 ≈ 13 min, p90 ≈ 10 h): a judgement fit to those reports, not a",
            "#   measurement. Replace it with your own telemetry (docs/telemetry.md fits it from BG-launch logs).",
            "# - never: 15% of submitted requests never run (dropped or starved until the app is opened again).",
            "# - budget: \"up to 30 seconds of background runtime\" (BGTaskScheduler docs).",
            "# - Android: exact alarms (setExactAndAllowWhileIdle / setAlarmClock) fire on time: 0 s delay. This",
            "#   assumes SCHEDULE_EXACT_ALARM is granted; Android 14 denies it by default to new installs (set",
            "#   platforms.android.exactAlarmPermission: false to see what that costs).",
            "# - fetch latency: a mobile POST, median 800 ms, 2% network failures.",
            "# - server: ~1.5 updates a day across 5 starred projects; users open the app ~1.2 times a day.",
            "",
            "# Next: dnsim-events validate FILE   (what a run simulates)",
            "#       dnsim-events FILE            (run; writes Reports/\(name)/, commit it as the baseline)",
            "#       dnsim-events check FILE      (after a policy change: compare with that baseline)",
            "",
        ]
    }

    static let body: [String] = [
        "",
        "platforms:",
        "  ios:",
        "    fetchTask:",
        "      kind: appRefresh                                   # BGAppRefreshTask; processing for BGProcessingTask",
        "      delay: { lognormal: { median: 90m, sigma: 1.5 } }  # after earliestBeginDate",
        "      never: 0.15                                        # chance a submitted request never runs",
        "      budget: 30s                                        # past it the expiration handler cancels the fetch",
        "    notificationDelay: { fixed: 0s }                     # from the trigger to the banner",
        "  android:",
        "    fetchAlarm: { delay: { fixed: 0s } }                 # exact alarms fire on time",
        "    notificationDelay: { fixed: 0s }",
        "",
        "fetch:",
        "  latency: { lognormal: { median: 800ms, sigma: 0.6 } }",
        "  failure: 0.02                    # network failure probability per attempt",
        "",
        "server:",
        "  updatesPerDay: 1.5               # across the starred projects",
        "  starredPlans: 5",
        "",
        "user:",
        "  appOpensPerDay: 1.2              # each open runs plugin code (resubmit, re-arm, re-configure the JWT)",
        "  forceQuitPerDay: 0.05            # iOS: BG tasks stop until the next open",
        "  tokenLifetime: 3d                # the JWT pool's coverage; fetches fail 401 after it lapses",
        "",
        "strategies:",
        "  - independent                    # the fetch and the notification as two peer schedules",
        "  - chained                        # fetch, then cache, then arm the notification (guard: deadline)",
        "",
        "metrics:",
        "  lateAfter: 60s                   # a notification shown later than this after T counts as late",
        "",
        "# Bounds for `dnsim-events check` to enforce, for example:",
        "# expect:",
        "#   - { arm: chained/android, metric: missed, max: 0.01 }",
        "#   - { arm: \"*/ios\", metric: fallback, max: \"98%\" }",
    ]
}
