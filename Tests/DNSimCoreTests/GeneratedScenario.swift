import DNSimTestSupport
import Foundation

/// A random valid scenario, drawn from a key, for the accounting invariants (docs/model.md §4,
/// "every cycle is counted exactly once"). It is kept as fields, not text, so that a failing one
/// can be shrunk field by field (`smaller`) to the smallest scenario that still fails.
struct GeneratedScenario: Equatable, CustomStringConvertible {
    var key: UInt64
    var devices: Int
    var days: Int
    var timeZone: String
    var notifyMinute: Int
    var leadMinutes: Int
    /// A second notification time this many hours after the first, after the same fetch (the
    /// two cycles share one F and so one window), or nil.
    var secondNotifyAfterHours: Int?
    var strategies: [String]
    var fallbackBehavior: String
    var iosKind: String
    var iosDelayMinutes: Int
    var iosNever: Double
    var exactAlarmPermission: Bool
    var doze: Bool
    var batteryManager: Bool
    var backgroundRestricted: Bool
    var apiLevel: Int
    var standbyBucket: String
    var rescheduleOnBoot: Bool
    var fetchFailure: Double
    var updatesPerDay: Double
    var appOpensPerDay: Double
    var forceQuitPerDay: Double
    var rebootsPerDay: Double
    // Drawn last, so every scenario drawn before these keys existed keeps its other values.
    var forceStopPerDay = 0.0
    var pushWithNews = false
    var notificationsDenied = false
    var fetchInReceiver = false
    /// `fetchWith: workManager` with this request (`oneTime`, `periodic`, expedited), or nil for alarms.
    var workManager: String?
    /// iOS presentation: Scheduled Summary and Focus lines under `user:`, and the plugin's level.
    var presentation: String?
    var timeSensitive = false
    /// Users who differ: `{ perDevice: … }` for the fetch failure share and the open rate, or nil.
    var perDeviceFailure: String?
    var perDeviceOpens: String?
    /// An `onNews` arm (notify on news, measured per server update) after the cron arms, or nil.
    var onNews: String?
    /// The fleet's segments each run one platform (`fleet[].platform`): an iPhone segment beside the Android ones.
    var platformMix = false
    var tokenLifetimeDays: Int?
    /// The user turns New Activity off and on and moves its time (docs/lifecycle.md).
    var lifecycle: Bool
    var fleet: [(name: String, set: String)]
    /// A `sweep:` axis, or an `uncertainty:` block (a study), or neither: each point or world is
    /// a plan of its own, checked like the scenario's.
    var sweep: String?
    var study: String?

    static func == (a: GeneratedScenario, b: GeneratedScenario) -> Bool { a.yaml == b.yaml }

    static let zones = ["UTC", "Europe/Berlin", "America/Los_Angeles", "Asia/Kolkata"]
    static let strategyChoices = [
        "independent", "chained", "{ chained: { guard: none, label: chained-noguard } }",
        "{ independent: { staleContent: fallback, label: independent-fallback } }",
        "{ chained: { carryUnshown: true, onEmpty: show_default, label: chained-carry } }",
        "{ chained: { earlyFetch: arm, label: chained-arm } }", "push", "{ push: { kind: background } }",
        "{ chained: { fetchOnOpen: true, label: chained-open } }", "{ push: { fetchOnOpen: true, label: push-open } }",
        "{ independent: { onEmpty: show_default, label: independent-default } }",
        "{ chained: { onEmpty: show_cached, label: chained-cached } }",
        "{ push: { onEmpty: show_cached, label: push-cached } }",
    ]
    static let sweeps = [
        "{ key: platforms.android.exactAlarmPermission, values: [true, false] }",
        "{ key: user.appOpensPerDay, values: [0.2, 3] }",
        "{ key: lead, values: [5m, 2h] }", "{ key: platforms.ios.fetchTask.never, values: [0, 0.5] }",
    ]
    static let studies = [
        "{ design: lhs, samples: 3, parameters: [ { key: fetch.failure, distribution: { uniform: { min: 0, max: 0.4 } } } ] }",
        "{ design: lhs, samples: 3, parameters: [ { key: user.appOpensPerDay, distribution: { loguniform: { min: 0.1, max: 5 } } } ] }",
    ]
    static let segmentSettings = [
        "{ platforms.android.batteryManager: { stopsAfterUnused: 2d } }",
        "{ platforms.android.backgroundRestricted: true }",
        "{ platforms.android.apiLevel: 30 }", "{ timeZone: America/Los_Angeles }",
        "{ platforms.android.exactAlarmPermission: false }",
        "{ platforms.android.standbyBucket: rare }",
        "{ platforms.android.batteryManager: { stopsAfterUnused: 2d, stopsPush: true } }",
    ]

    /// The scenario drawn from `key`: every choice is a function of the key alone.
    init(key: UInt64) {
        var random = SplitMix(seed: key)
        self.key = key
        devices = random.int(1...8)
        days = random.int(2...8)
        timeZone = random.pick(Self.zones)
        notifyMinute = random.int(0...(24 * 60 - 1))
        leadMinutes = random.pick([1, 5, 15, 45, 180, 600])
        secondNotifyAfterHours = random.chance(0.2) ? random.pick([1, 4, 12, 20]) : nil
        var strategies: [String] = []
        // A few strategies and segments each: a debug build's fixed cost is per arm and segment
        // (their histograms), so more of them would buy little coverage for much time.
        for choice in Self.strategyChoices where random.chance(0.3) && strategies.count < 4 {
            strategies.append(choice)
        }
        self.strategies = strategies.isEmpty ? [random.pick(Self.strategyChoices)] : strategies
        fallbackBehavior = random.chance(0.8) ? "show_default" : "skip"
        iosKind = random.chance(0.7) ? "appRefresh" : "processing"
        iosDelayMinutes = random.pick([0, 1, 10, 60, 240, 900])
        iosNever = random.pick([0, 0.05, 0.3])
        exactAlarmPermission = random.chance(0.6)
        doze = random.chance(0.6)
        batteryManager = random.chance(0.35)
        backgroundRestricted = random.chance(0.1)
        apiLevel = random.pick([28, 30, 34])
        standbyBucket = random.pick(["fromUsage", "fromUsage", "rare", "restricted", "active"])
        rescheduleOnBoot = random.chance(0.5)
        fetchFailure = random.pick([0, 0.02, 0.3])
        updatesPerDay = random.pick([0, 0.3, 1.5, 20])
        appOpensPerDay = random.pick([0, 0.2, 0.6, 3, 40])
        forceQuitPerDay = random.pick([0, 0, 0.1])
        rebootsPerDay = random.pick([0, 0, 0.2])
        tokenLifetimeDays = random.chance(0.3) ? random.int(1...4) : nil
        lifecycle = random.chance(0.15)
        var fleet: [(String, String)] = []
        if random.chance(0.35) {
            fleet.append(("stock", "{}"))
            for (index, setting) in Self.segmentSettings.enumerated() where random.chance(0.35) && fleet.count < 3 {
                fleet.append(("segment-\(index)", setting))
            }
        }
        self.fleet = fleet
        let extra = random.int(0...9)
        sweep = extra < 3 ? random.pick(Self.sweeps) : nil
        // A lead sweep moves both fetch times of a two-times-a-day schedule (`M H1,H2 * * *`) too.
        study = extra >= 8 ? random.pick(Self.studies) : nil
        forceStopPerDay = random.pick([0, 0, 0.1])
        pushWithNews = random.chance(0.3)
        notificationsDenied = random.chance(0.1)
        fetchInReceiver = random.chance(0.3)
        workManager =
            random.chance(0.3)
            ? random.pick([
                "{ request: oneTime }", "{ request: periodic, repeatInterval: 24h }",
                "{ request: oneTime, expedited: true }",
                "{ request: periodic, repeatInterval: 6h, flexInterval: 1h, delay: { exponential: { mean: 20m } } }",
                "{ request: oneTime, requiresNetwork: true, delay: { exponential: { mean: 10m } } }",
            ])
            : nil
        presentation =
            random.chance(0.3)
            ? random.pick([
                "  scheduledSummary: { times: [\"08:00\", \"18:00\"] }\n",
                "  focus: { start: \"22:00\", end: \"07:30\" }\n",
                "  scheduledSummary: { times: [\"12:00\"] }\n  focus: [{ start: \"09:00\", end: \"11:00\" }, { start: \"23:00\", end: \"06:00\" }]\n",
            ])
            : nil
        timeSensitive = random.chance(0.3)
        perDeviceFailure =
            random.chance(0.25)
            ? random.pick([
                "{ perDevice: { beta: { a: 1, b: 20 } } }", "{ perDevice: { uniform: { min: 0, max: 0.5 } } }",
            ]) : nil
        perDeviceOpens =
            random.chance(0.25)
            ? random.pick([
                "{ perDevice: { gamma: { shape: 0.5, mean: 1.5 } } }",
                "{ perDevice: { lognormal: { median: 0.5, sigma: 1.5 } } }",
            ])
            : nil
        onNews =
            random.chance(0.3)
            ? random.pick([
                "{ onNews: { interval: 6h } }", "{ onNews: { interval: 15m, label: onNews-15m } }",
                "{ onNews: { interval: 2h } }",
            ])
            : nil
        platformMix = random.chance(0.2)
    }

    /// The strategies as the scenario lists them.
    var allStrategies: [String] { strategies + (onNews.map { [$0] } ?? []) }

    var yaml: String {
        let notify = (hour: notifyMinute / 60, minute: notifyMinute % 60)
        let fetchMinute = ((notifyMinute - leadMinutes) % (24 * 60) + 24 * 60) % (24 * 60)
        let notifyHours = secondNotifyAfterHours.map { "\(notify.hour),\((notify.hour + $0) % 24)" } ?? "\(notify.hour)"
        var text = """
            name: generated-\(key)
            seed: \(key &+ 1)
            devices: \(devices)
            days: \(days)
            start: 2027-03-20
            timeZone: \(timeZone)
            plugin:
              contentFetch: { enabled: true, schedule: "\(fetchMinute % 60) \(fetchMinute / 60) * * *", callbacks: {} }
              userNotification:
                enabled: true
                schedule: "\(notify.minute) \(notifyHours) * * *"
                interruptionLevel: \(timeSensitive ? "timeSensitive" : "active")
                title: Generated
                body: A generated scenario.
                sound: true
                priority: normal
              relationship: { autoLink: true, contentTimeout: 300000, fallbackBehavior: \(fallbackBehavior) }
            platforms:
              ios:
                fetchTask: { kind: \(iosKind), delay: { lognormal: { median: \(max(iosDelayMinutes, 1))m, sigma: 1.2 } }, never: \(iosNever) }
                notificationAuthorization: \(notificationsDenied ? "denied" : "authorized")
              android:
                exactAlarmPermission: \(exactAlarmPermission)
                doze: \(doze)
                apiLevel: \(apiLevel)
                standbyBucket: \(standbyBucket)
                rescheduleOnBoot: \(rescheduleOnBoot)
                backgroundRestricted: \(backgroundRestricted)
                fetchIn: \(fetchInReceiver ? "receiver" : "worker")
                notificationPermission: \(notificationsDenied ? "denied" : "granted")
                fetchWith: \(workManager == nil ? "alarm" : "workManager")\(workManager.map { "\n    workManager: \($0)" } ?? "")

            """
        // Bits of the key, not draws, so the other choices stay as they were.
        if batteryManager { text += "    batteryManager: { stopsAfterUnused: 3d, stopsPush: \(key & 1 == 1) }\n" }
        if key % 3 == 0 { text += "metrics: { maxContentAge: \(key % 2 == 0 ? "12h" : "2d") }\n" }
        text += """
            fetch:
              latency: { lognormal: { median: 800ms, sigma: 0.6 } }
              failure: \(perDeviceFailure ?? "\(fetchFailure)")
            server:
              updatesPerDay: \(updatesPerDay)
              starredPlans: 5
              pushWhen: \(pushWithNews ? "withNews" : "always")
            user:
              appOpensPerDay: \(perDeviceOpens ?? "\(appOpensPerDay)")
              forceQuitPerDay: \(forceQuitPerDay)
              rebootsPerDay: \(rebootsPerDay)
              forceStopPerDay: \(forceStopPerDay)
              idle: { start: "00:30", end: "07:00" }

            """
        if let tokenLifetimeDays { text += "  tokenLifetime: \(tokenLifetimeDays)d\n" }
        if let presentation { text += presentation }
        if lifecycle {
            text += "  disablePerDay: 0.3\n  disabledFor: { exponential: { mean: 1d } }\n"
            text += "  timeChangePerDay: 0.3\n  notifyTimes: { \"07:00\": 1, \"12:30\": 1, \"21:45\": 1 }\n"
        }
        text += "strategies: [\(allStrategies.joined(separator: ", "))]\n"
        if let sweep { text += "sweep:\n  - \(sweep)\n" }
        if let study { text += "uncertainty: \(study)\nobjective: { weights: { fresh: 1, missed: -2 } }\n" }
        if platformMix {
            // One iPhone segment and the Android ones (at least a stock one): every platform simulated needs a segment.
            let android = fleet.isEmpty ? [("android", "{}")] : fleet
            let share = 1.0 / Double(android.count + 1)
            text += "fleet:\n  - { segment: iphone, share: \(share), platform: ios }\n"
            for segment in android {
                text += "  - { segment: \(segment.0), share: \(share), platform: android, set: \(segment.1) }\n"
            }
        } else if !fleet.isEmpty {
            text += "fleet:\n"
            let share = 1.0 / Double(fleet.count)
            for segment in fleet {
                text += "  - { segment: \(segment.name), share: \(share), set: \(segment.set) }\n"
            }
        }
        return text
    }

    var description: String { yaml }

    /// Smaller scenarios, most reduction first: fewer devices and days, one strategy or fleet
    /// segment fewer, each condition back at its plainest value.
    var smaller: [GeneratedScenario] {
        var candidates: [GeneratedScenario] = []
        func with(_ change: (inout GeneratedScenario) -> Void) {
            var copy = self
            change(&copy)
            if copy != self { candidates.append(copy) }
        }
        with { $0.devices = 1 }
        with { $0.devices = max(1, $0.devices / 2) }
        with { $0.days = max(2, $0.days / 2) }
        with { $0.days = max(2, $0.days - 1) }
        with { $0.fleet = [] }
        with { $0.platformMix = false }
        with { $0.onNews = nil }
        with { $0.sweep = nil }
        with { $0.study = nil }
        for index in fleet.indices where fleet.count > 1 { with { $0.fleet.remove(at: index) } }
        for index in strategies.indices where strategies.count > 1 { with { $0.strategies.remove(at: index) } }
        with { $0.secondNotifyAfterHours = nil }
        with { $0.lifecycle = false }
        with { $0.timeZone = "UTC" }
        with { $0.fallbackBehavior = "show_default" }
        with { $0.iosKind = "appRefresh" }
        with { $0.iosDelayMinutes = 0 }
        with { $0.iosNever = 0 }
        with { $0.exactAlarmPermission = true }
        with { $0.doze = false }
        with { $0.batteryManager = false }
        with { $0.backgroundRestricted = false }
        with { $0.apiLevel = 34 }
        with { $0.standbyBucket = "active" }
        with { $0.rescheduleOnBoot = true }
        with { $0.fetchFailure = 0 }
        with { $0.updatesPerDay = 20 }
        with { $0.appOpensPerDay = 0 }
        with { $0.perDeviceFailure = nil }
        with { $0.perDeviceOpens = nil }
        with { $0.forceQuitPerDay = 0 }
        with { $0.rebootsPerDay = 0 }
        with { $0.tokenLifetimeDays = nil }
        return candidates
    }

    /// The smallest scenario reached by taking, again and again, the first smaller one that
    /// still `fails`.
    func shrunk(while fails: (GeneratedScenario) -> Bool) -> GeneratedScenario {
        var current = self
        var progress = true
        while progress {
            progress = false
            for candidate in current.smaller where fails(candidate) {
                current = candidate
                progress = true
                break
            }
        }
        return current
    }
}
