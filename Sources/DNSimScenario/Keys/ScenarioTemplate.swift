import DNSimCore
import DNSimText

/// The scenario `dnsim-events init` writes: the app's `DualScheduleConfiguration`
/// as the plugin block, and around it the numbers of the world, each either cited by
/// its source's name or marked `# GUESS:` with what measures it and how, and a comment on
/// every block saying what to change. Nothing of one app's world (TimeSafari's update
/// rate, token pool, platforms or push setup) is passed off as another's: every value init
/// cannot know is a `ScenarioGuess`, marked in the file and listed by `init`.
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
        return configuration(title: title, fetchCron: cron(fetchAt), notifyCron: cron(notifyAt))
    }

    /// The same with the two schedules as crons (`DailyCron`): several times a day.
    public static func configuration(title: String, fetchCron: String, notifyCron: String) -> String {
        """
        {
          "contentFetch": { "enabled": true, "schedule": "\(fetchCron)" },
          "userNotification": {
            "enabled": true,
            "schedule": "\(notifyCron)",
            "title": \(JSONQuoting.quoted(title)),
            "body": "Your update is ready."
          },
          "relationship": { "autoLink": true, "contentTimeout": 300000, "fallbackBehavior": "show_default" }
        }
        """
    }

    /// The `# GUESS:` comments for a configuration init made up: by the key's dotted path in it.
    public static func placeholders(fetchGiven: Bool, notifyGiven: Bool) -> [String: String] {
        var marks = [
            "userNotification.body":
                "the fallback text your app shows when no fresh content arrived (its DualScheduleConfiguration)",
            "relationship.contentTimeout": "how long your app waits for the fetch, in ms "
                + "(its DualScheduleConfiguration; the plugin's default is 300000)",
        ]
        // A fetch derived from a given notification time is the 5-minute lead, a lever, not a guess.
        if !fetchGiven && !notifyGiven {
            marks["contentFetch.schedule"] = "when your app fetches (cron, local time; or init --fetch-at HH:MM)"
        }
        if !notifyGiven {
            marks["userNotification.schedule"] = "when your app notifies (cron, local time; or init --notify-at HH:MM)"
        }
        return marks
    }

    /// A rendered scenario, for each line of its plugin block the place in the configuration it
    /// came from (so a message about it can point there), and the values it guessed.
    public struct Rendering: Sendable {
        public var text: String
        /// Line number in `text` → (column where the key starts, the key's mark, the value's mark).
        public var origins: [Int: (keyColumn: Int, key: SourceMark, value: SourceMark)]
        /// Every line marked `# GUESS:`, in line order.
        public var guesses: [ScenarioGuess]
    }

    /// The scenario for `name`, with `plugin` (the configuration object) as its plugin block.
    /// `source` says where the configuration came from, for the header.
    /// `placeholders` marks the configuration's keys (dotted paths) that init made up, with what to put there.
    public static func render(
        name: String, plugin: PositionedJSON, source: String, timeZone: String,
        placeholders: [String: String] = [:]
    ) -> Rendering {
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
            placeholders.isEmpty
                ? "# The DualScheduleConfiguration the app passes to scheduleDualNotification, as given."
                : "# The DualScheduleConfiguration the app passes to scheduleDualNotification, as init made it: replace the guessed values.",
            "plugin:",
        ]
        var origins: [Int: (keyColumn: Int, key: SourceMark, value: SourceMark)] = [:]
        var guesses: [ScenarioGuess] = []
        origins[lines.count] = (1, plugin.mark, plugin.mark)
        if case .object(let members, _) = plugin {
            for member in members {
                block(member, indent: 2, path: "", placeholders, into: &lines, origins: &origins, guesses: &guesses)
            }
        }
        for line in body {
            switch line {
            case .plain(let text): lines.append(text)
            case .guess(let text, let key, let measure, let column):
                lines.append(guessed(text, measure, column: column))
                guesses.append(ScenarioGuess(key: key, line: lines.count, measure: measure))
            }
        }
        return Rendering(text: lines.joined(separator: "\n") + "\n", origins: origins, guesses: guesses)
    }

    /// `text` with its `# GUESS:` comment: at column `column` when it fits, else two spaces after it.
    static func guessed(_ text: String, _ measure: String, column: Int) -> String {
        text + String(repeating: " ", count: max(2, column - 1 - text.count)) + ScenarioGuess.marker + " " + measure
    }

    /// One member in block style: nested objects indented, everything else on the key's line.
    static func block(
        _ member: PositionedJSON.Member, indent: Int, path: String, _ placeholders: [String: String],
        into lines: inout [String], origins: inout [Int: (keyColumn: Int, key: SourceMark, value: SourceMark)],
        guesses: inout [ScenarioGuess]
    ) {
        let pad = String(repeating: " ", count: indent)
        let path = path.isEmpty ? member.key : "\(path).\(member.key)"
        let key = plainKey(member.key) ? member.key : JSONQuoting.quoted(member.key)
        if case .object(let members, _) = member.value, !members.isEmpty {
            lines.append("\(pad)\(key):")
            origins[lines.count] = (indent + 1, member.keyMark, member.value.mark)
            for child in members {
                block(
                    child, indent: indent + 2, path: path, placeholders, into: &lines, origins: &origins,
                    guesses: &guesses)
            }
        } else if let measure = placeholders[path] {
            lines.append("\(pad)\(key): \(flow(member.value))  \(ScenarioGuess.marker) \(measure)")
            origins[lines.count] = (indent + 1, member.keyMark, member.value.mark)
            guesses.append(ScenarioGuess(key: "plugin.\(path)", line: lines.count, measure: measure))
        } else {
            lines.append("\(pad)\(key): \(flow(member.value))")
            origins[lines.count] = (indent + 1, member.keyMark, member.value.mark)
        }
    }

    /// A value on one line: JSON is YAML's flow style, with strings always double-quoted.
    static func flow(_ value: PositionedJSON) -> String {
        switch value {
        case .object(let members, _):
            return "{"
                + members.map { "\(plainKey($0.key) ? $0.key : JSONQuoting.quoted($0.key)): \(flow($0.value))" }.joined(
                    separator: ", ") + "}"
        case .array(let items, _): return "[" + items.map(flow).joined(separator: ", ") + "]"
        case .string(let text, _): return JSONQuoting.quoted(text)
        case .number(let text, _): return text
        case .bool(let value, _): return value ? "true" : "false"
        case .null: return "null"
        }
    }

    static func plainKey(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return false }
        return key.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
        }
    }

    static func header(name: String, source: String) -> [String] {
        [
            "# \(name): a dnsim-events scenario for the dual schedule in \(source).",
            "# Written by `dnsim-events init` (dnsim-events \(ToolVersion.current)). Every line marked `# GUESS:` holds",
            "# a value init cannot know about your app's world (its users, platforms, push setup, server and",
            "# network): put your own figure there (the comment says what to measure, and how). Until then the",
            "# results describe the guess, not your app.",
            "#",
            "# Sources of the numbers that are not guesses, and of the iOS starting point:",
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
            "# Next: dnsim-events fit YOUR-LOG.csv   (measure a guess from your telemetry; docs/telemetry.md)",
            "#       dnsim-events validate FILE     (what a run simulates)",
            "#       dnsim-events FILE              (run; writes Reports/\(name)/, commit it as the baseline)",
            "#       dnsim-events check FILE        (after a policy change: compare with that baseline)",
            "",
        ]
    }

    /// A line of the body: written as it is, or a guess with its key's path and what measures it.
    enum Line {
        case plain(String)
        /// `column`: where its comment starts, as the comments around it do.
        case guess(String, key: String, measure: String, column: Int = 36)
    }

    static let body: [Line] = [
        .plain(""),
        .guess(
            "platforms:", key: "platforms",
            measure:
                "your users' iOS/Android split (installs by OS in App Store Connect and the Play Console, or your analytics); "
                + "each platform's arms are reported apart, so weigh their results by it"),
        .plain("  ios:"),
        .plain("    fetchTask:"),
        .plain(
            "      kind: appRefresh                                   # BGAppRefreshTask; processing for BGProcessingTask"
        ),
        .guess(
            "      delay: { lognormal: { median: 90m, sigma: 1.5 } }", key: "platforms.ios.fetchTask.delay",
            measure: "BG launch delay after earliestBeginDate; dnsim-events fit your BG-launch log", column: 58),
        .guess(
            "      never: 0.15", key: "platforms.ios.fetchTask.never",
            measure: "share of BG requests that never run; the same fit", column: 58),
        .plain(
            "      budget: 30s                                        # past it the expiration handler cancels the fetch (Apple's limit)"
        ),
        .plain("    notificationDelay: { fixed: 0s }                     # from the trigger to the banner"),
        .guess(
            "    notificationAuthorization: authorized", key: "platforms.ios.notificationAuthorization",
            measure: "whether your iOS users allow notifications (getNotificationSettings in your analytics); "
                + "put the share who denied them in a fleet: segment set to denied", column: 58),
        .plain("  android:"),
        .plain("    fetchAlarm: { delay: { fixed: 0s } }                 # exact alarms fire on time"),
        .plain("    notificationDelay: { fixed: 0s }"),
        .guess(
            "    exactAlarmPermission: true", key: "platforms.android.exactAlarmPermission",
            measure:
                "whether your Android users grant SCHEDULE_EXACT_ALARM (canScheduleExactAlarms() in your analytics; "
                + "Android 14 denies it to new installs); put those without it in a fleet: segment set to false",
            column: 58),
        .guess(
            "    notificationPermission: granted", key: "platforms.android.notificationPermission",
            measure:
                "whether your Android 13+ users grant POST_NOTIFICATIONS (areNotificationsEnabled() in your analytics); "
                + "put the share who denied it in a fleet: segment set to denied", column: 58),
        .plain(""),
        .plain("fetch:"),
        .guess(
            "  latency: { lognormal: { median: 800ms, sigma: 0.6 } }", key: "fetch.latency",
            measure: "your endpoint's response time; dnsim-events fit your fetch log"),
        .guess(
            "  failure: 0.02", key: "fetch.failure", measure: "network failure share per fetch attempt; the same fit"),
        .guess(
            "  copy:", key: "fetch.copy",
            measure: "the title and body your app shows for fetched content ({first}: the newest item's name, "
                + "{count} items, {more} = count − 1); it changes only what trace shows, "
                + "so a trace reads as your app"),
        .plain("    one: { title: \"New update\", body: \"“{first}” has an update.\" }"),
        .plain("    many: { title: \"{count} updates\", body: \"“{first}” and {more} more have updates.\" }"),
        .plain("    itemName: \"Item {n}\"                             # what {first} names an item (n its number)"),
        .plain(""),
        .plain("server:"),
        .guess(
            "  updatesPerDay: 1", key: "server.updatesPerDay",
            measure: "how often your content changes, per user and day (your server's logs)"),
        .guess(
            "  starredPlans: 1", key: "server.starredPlans",
            measure: "how many sources a user follows, each with its own updates (your database)"),
        .plain(""),
        .plain("user:"),
        .guess(
            "  appOpensPerDay: 1", key: "user.appOpensPerDay",
            measure: "your analytics' app opens per user per day; dnsim-events fit your app-open log"),
        .guess(
            "  forceQuitPerDay: 0", key: "user.forceQuitPerDay",
            measure: "iOS force-quits per user and day (BG tasks stop until the next open); your crash or session tool"),
        .guess(
            "  tokenLifetime: never", key: "user.tokenLifetime",
            measure:
                "how long the fetch's credentials last with no app open, e.g. 3d (your auth server's token lifetime)"),
        .plain(""),
        .guess(
            "strategies:", key: "strategies",
            measure: "your push setup: these two schedule locally; if your server can send APNs or FCM pushes, "
                + "add push (docs/push.md) and set its delivery from your push provider's reports"),
        .plain("  - independent                    # the fetch and the notification as two peer schedules"),
        .plain("  - chained                        # fetch, then cache, then arm the notification (guard: deadline)"),
        .plain(""),
        .plain("metrics:"),
        .plain(
            "  lateAfter: \(SimulationPlan.defaultLateAfter / SimTime.second)s                   # a notification shown later than this "
                + "after T counts as late"),
        .plain(""),
        .plain("# Bounds for `dnsim-events check` to enforce, for example:"),
        .plain("# expect:"),
        .plain("#   - { arm: chained/android, metric: missed, max: 0.01 }"),
        .plain("#   - { arm: \"*/ios\", metric: fallback, max: \"98%\" }"),
    ]
}
