import DNSimCore

/// Reads `platforms.ios` and `platforms.android`, with their push blocks and Doze steps.
enum PlatformReader {
    /// `platforms:`, and the platforms whose `push:` block the file writes.
    static func read(_ top: ScenarioSection) -> (
        ios: IOSConfiguration?, android: AndroidConfiguration?, pushBlocks: Set<Platform>
    ) {
        var ios: IOSConfiguration?
        var android: AndroidConfiguration?
        if let platforms = top.section("platforms") {
            if let section = platforms.section("ios") { ios = readIOS(section) }
            if let section = platforms.section("android") { android = readAndroid(section) }
            if platforms.isEmpty { top.reader.error(platforms.node.mark, "platforms needs ios, android or both") }
        }
        // Read from the nodes, so a block that failed to read still counts as written.
        let written = top["platforms"]
        let pushBlocks = Set(
            Platform.allCases.filter { platform in
                written?.value(forKey: platform.rawValue)?.value(forKey: "push").map { !$0.isNull } ?? false
            })
        return (ios, android, pushBlocks)
    }

    static func readIOS(_ map: ScenarioSection) -> IOSConfiguration {
        var ios = IOSConfiguration()
        if let v = map.durationOrNever("inactiveAfter", allowZero: false) { ios.inactiveAfter = v }
        if let v = map.choice("resubmitOnOpen", as: ResubmitPolicy.self) { ios.resubmitOnOpen = v }
        if let v = map.bool("backgroundAppRefresh") { ios.backgroundAppRefresh = v }
        if let v = map.choice("notificationAuthorization", as: NotificationAuthorization.self) {
            ios.notificationAuthorization = v == .authorized
        }
        if let v = map.bool("timeSensitiveAllowed") { ios.timeSensitiveAllowed = v }
        if let task = map.section("fetchTask") {
            // The budget's default follows the kind (`BackgroundTaskKind.defaultBudget`).
            if let v = task.choice("kind", as: BackgroundTaskKind.self) { ios.taskKind = v }
            // Checked against the kind in `ScenarioRules`.
            if let v = task.bool("requiresExternalPower") { ios.requiresExternalPower = v }
            if let v = task.bool("requiresNetworkConnectivity") { ios.requiresNetworkConnectivity = v }
            if let d = task.distribution("delay") { ios.delay = d }
            if let p = task.number("never") { ios.never = p }
            if let node = task["budget"] { budget(node, task, into: &ios) }
            if let v = task.choice("launch", as: IOSLaunchModel.self) { ios.launch = v }
        }
        if let d = map.distribution("notificationDelay") { ios.notificationDelay = d }
        if let section = map.optionalSection("push") { ios.push = readIOSPush(section) }
        return ios
    }

    /// `fetchTask.budget`: a duration, or a distribution drawn per launch (a fixed one is a duration).
    static func budget(_ node: YAMLNode, _ task: ScenarioSection, into ios: inout IOSConfiguration) {
        guard node.mapping != nil else {
            if let v = task.duration("budget", allowZero: false) {
                ios.budgetSetting = v
                UnitPlausibility.duration(
                    v, above: 10 * SimTime.minute, task, "budget",
                    what: "iOS gives a BGAppRefreshTask about 30 s and a BGProcessingTask minutes")
            }
            return
        }
        guard let d = task.distribution("budget") else { return }
        if case .fixed(let v) = d {
            guard v > 0 else { return task.reader.error(node.mark, "\(task.path("budget")) must be longer than zero") }
            ios.budgetSetting = v
        } else {
            ios.budgetDistribution = d
        }
    }

    /// `platforms.ios.push`: APNs and the Notification Service Extension (docs/push.md).
    static func readIOSPush(_ map: ScenarioSection) -> IOSPushConfiguration {
        var push = IOSPushConfiguration()
        if let d = map.distribution("delay") { push.alert.delay = d }
        if let p = map.number("drop") { push.alert.drop = p }
        // APNs keeps a push for an offline device for a limited time (apns-expiration).
        if let v = map.duration("storeFor", atMost: 30 * SimTime.day) { push.storeFor = v }
        if let v = map.duration("nseBudget", allowZero: false, atMost: 10 * SimTime.minute) { push.nseBudget = v }
        if let v = map.bool("filtering") { push.filtering = v }
        if let v = map.choice("interruptionLevel", as: InterruptionLevel.self) { push.interruptionLevel = v }
        if let v = map.integer("priority") {
            if v == 5 || v == 10 {
                push.priority = v
            } else {
                map.error(
                    "priority",
                    "\(map.path("priority")) is \(v); APNs takes 10 (send at once) or 5 (based on power considerations)"
                )
            }
        }
        if let d = map.distribution("lowPriorityDelay") { push.lowPriorityDelay = d }
        if let background = map.section("background") {
            if let d = background.distribution("delay") { push.background.delay = d }
            if let p = background.number("drop") { push.background.drop = p }
        }
        return push
    }

    /// `platforms.android.push`: FCM and the app's messaging service (docs/push.md).
    static func readAndroidPush(_ map: ScenarioSection) -> AndroidPushConfiguration {
        var push = AndroidPushConfiguration()
        if let d = map.distribution("delay") { push.delivery.delay = d }
        if let p = map.number("drop") { push.delivery.drop = p }
        // FCM's time to live is at most four weeks.
        if let v = map.duration("storeFor", atMost: 28 * SimTime.day) { push.storeFor = v }
        if let v = map.choice("priority", as: FCMPriority.self) { push.priority = v }
        if let v = map.duration("handlerBudget", allowZero: false, atMost: 10 * SimTime.minute) {
            push.handlerBudget = v
        }
        if let v = map.number("deprioritizeBelow") { push.deprioritizeBelow = v }
        return push
    }

    static func readAndroid(_ map: ScenarioSection) -> AndroidConfiguration {
        var android = AndroidConfiguration()
        if let v = map.choice("alarmKind", as: AndroidAlarmKind.self) { android.alarmKind = v }
        if let v = map.bool("exactAlarmPermission") { android.exactAlarmPermission = v }
        if let v = map.number("inexactWindow") { android.inexactWindow = v }
        if let n = map["doze"] { android.doze = doze(n, map) }
        if let v = map.duration("bootCompletedDelay") { android.bootCompletedDelay = v }
        if let v = map.bool("rescheduleOnBoot") { android.rescheduleOnBoot = v }
        if let v = map.choice("fetchIn", as: AndroidFetchHandler.self) { android.fetchIn = v }
        if let v = map.choice("notificationPermission", as: NotificationPermission.self) {
            android.notificationPermission = v == .granted
        }
        // AOSP kills a background receiver after 60 s (BROADCAST_BG_TIMEOUT): no longer budget exists.
        if let v = map.duration("receiverBudget", allowZero: false, atMost: SimTime.minute) {
            android.receiverBudget = v
        }
        if let alarm = map.section("fetchAlarm"), let d = alarm.distribution("delay") { android.fetchAlarmDelay = d }
        if let d = map.distribution("notificationDelay") { android.notificationDelay = d }
        if let section = map.optionalSection("push") { android.push = readAndroidPush(section) }
        if let v = map.choice("fetchWith", as: AndroidFetchScheduler.self) { android.fetchWith = v }
        if let section = map.optionalSection("workManager") { android.workManager = readWorkManager(section) }
        android.power = readPower(map)
        return android
    }

    /// `platforms.android.workManager`: the fetch's work request, within androidx's own bounds.
    static func readWorkManager(_ map: ScenarioSection) -> WorkManagerConfiguration {
        var work = WorkManagerConfiguration()
        if let v = map.choice("request", as: WorkRequestKind.self) { work.request = v }
        if let v = map.duration("repeatInterval", atMost: 366 * SimTime.day) {
            if v < WorkManagerConfiguration.minimumRepeatInterval {
                map.error(
                    "repeatInterval",
                    "\(map.path("repeatInterval")) is \(DurationSyntax.format(v)), below androidx WorkManager's minimum of 15m "
                        + "(PeriodicWorkRequest.MIN_PERIODIC_INTERVAL_MILLIS; WorkManager would run it every 15m)")
            } else {
                work.repeatInterval = v
            }
        }
        if let v = map.duration("flexInterval", atMost: 366 * SimTime.day) {
            if v < WorkManagerConfiguration.minimumFlexInterval {
                map.error(
                    "flexInterval",
                    "\(map.path("flexInterval")) is \(DurationSyntax.format(v)), below androidx WorkManager's minimum of 5m "
                        + "(PeriodicWorkRequest.MIN_PERIODIC_FLEX_MILLIS)")
            } else if v > work.repeatInterval {
                map.error(
                    "flexInterval",
                    "\(map.path("flexInterval")) is \(DurationSyntax.format(v)), longer than repeatInterval "
                        + "(\(DurationSyntax.format(work.repeatInterval))): the flex is the end of each period, at most all of it"
                )
            } else {
                work.flexInterval = v
            }
        }
        if let v = map.bool("expedited") { work.expedited = v }
        if let v = map.bool("requiresNetwork") { work.requiresNetwork = v }
        if let v = map.bool("requiresCharging") { work.requiresCharging = v }
        if let d = map.distribution("delay") { work.delay = d }
        return work
    }

    /// The power-management conditions: API level, standby bucket, background restriction, battery manager.
    static func readPower(_ map: ScenarioSection) -> AndroidPowerManagement {
        var power = AndroidPowerManagement()
        if let v = map.integer("apiLevel") { power.apiLevel = v }
        if let v = map.choice("standbyBucket", as: AndroidStandbyBucket.self) { power.standbyBucket = v }
        if let v = map.bool("backgroundRestricted") { power.backgroundRestricted = v }
        // `stopsAfterUnused` is required: the catalog says so and the reader checks it.
        if let manager = map.section("batteryManager"), let v = manager.duration("stopsAfterUnused", allowZero: false) {
            power.stopsAfterUnused = v
            if let stops = manager.bool("stopsPush") { power.stopsPush = stops }
        }
        return power
    }

    /// `doze: true | false`, or the maintenance-window steps `{ firstIdle, factor, maxIdle }`.
    static func doze(_ node: YAMLNode, _ android: ScenarioSection) -> DozeSchedule? {
        if node.mapping == nil { return android.bool("doze") == true ? DozeSchedule() : nil }
        guard let map = android.section("doze") else { return nil }
        var doze = DozeSchedule()
        // Doze's idle periods are minutes to hours; a shorter one is no phone's, and costs a window per period.
        for key in ["firstIdle", "maxIdle"] {
            guard let v = map.duration(key, allowZero: false) else { continue }
            if v < EventEstimate.shortestDozeIdle {
                map.error(
                    key,
                    "\(map.path(key)) \(DurationSyntax.format(v)) is shorter than Doze's shortest idle period, "
                        + "\(DurationSyntax.format(EventEstimate.shortestDozeIdle)) (Android's are an hour growing to six; light idle is 5m)"
                )
            } else if key == "firstIdle" {
                doze.firstIdle = v
            } else {
                doze.maxIdle = v
            }
        }
        if let v = map.number("factor") { doze.factor = v }
        if doze.maxIdle < doze.firstIdle {
            android.reader.error(node.mark, "\(map.path).maxIdle must not be below firstIdle")
        }
        return doze
    }
}
