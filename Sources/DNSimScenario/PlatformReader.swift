import DNSimCore

/// Reads `platforms.ios` and `platforms.android`, with their push blocks and Doze steps.
enum PlatformReader {
    static func readIOS(_ node: YAMLNode, _ r: ScenarioReader) -> IOSConfiguration? {
        var ios = IOSConfiguration()
        guard let map = r.section(node, "platforms.ios") else { return nil }
        if let n = map["inactiveAfter"] {
            if n.scalar == "never" { ios.inactiveAfter = nil } else if let v = r.duration(n, "platforms.ios.inactiveAfter", allowZero: false) { ios.inactiveAfter = v }
        }
        if let n = map["resubmitOnOpen"], let v = r.choice(n, "platforms.ios.resubmitOnOpen", as: ResubmitPolicy.self) {
            ios.resubmitOnOpen = v
        }
        if let node = map["fetchTask"], let task = r.section(node, "platforms.ios.fetchTask") {
            if let n = task["kind"], let v = r.choice(n, "platforms.ios.fetchTask.kind", as: BackgroundTaskKind.self) {
                ios.taskKind = v
                // BGProcessingTask gets minutes, an app refresh about 30 s (seed 004).
                ios.budget = v == .processing ? 5 * SimTime.minute : 30 * SimTime.second
            }
            if let n = task["requiresExternalPower"], let v = r.bool(n, "platforms.ios.fetchTask.requiresExternalPower") {
                if v && ios.taskKind != .processing {
                    r.error(n.mark, "platforms.ios.fetchTask.requiresExternalPower applies to kind: processing only")
                }
                ios.requiresExternalPower = v
            }
            if let n = task["requiresNetworkConnectivity"], let v = r.bool(n, "platforms.ios.fetchTask.requiresNetworkConnectivity") {
                ios.requiresNetworkConnectivity = v
            }
            if let n = task["delay"], let d = DistributionReader.read(n, "platforms.ios.fetchTask.delay", r) { ios.delay = d }
            if let n = task["never"], let p = r.probability(n, "platforms.ios.fetchTask.never") { ios.never = p }
            if let n = task["budget"], let v = r.duration(n, "platforms.ios.fetchTask.budget", allowZero: false) { ios.budget = v }
        }
        if let n = map["notificationDelay"], let d = DistributionReader.read(n, "platforms.ios.notificationDelay", r) { ios.notificationDelay = d }
        if let node = map["push"], !node.isNull { ios.push = readIOSPush(node, r) }
        return ios
    }

    /// `platforms.ios.push`: APNs and the Notification Service Extension (docs/push.md).
    static func readIOSPush(_ node: YAMLNode, _ r: ScenarioReader) -> IOSPushConfiguration {
        var push = IOSPushConfiguration()
        guard let map = r.section(node, "platforms.ios.push") else { return push }
        if let n = map["delay"], let d = DistributionReader.read(n, "platforms.ios.push.delay", r) { push.alert.delay = d }
        if let n = map["drop"], let p = r.probability(n, "platforms.ios.push.drop") { push.alert.drop = p }
        // APNs keeps a push for an offline device for a limited time (apns-expiration).
        if let n = map["storeFor"], let v = r.duration(n, "platforms.ios.push.storeFor", atMost: 30 * SimTime.day) { push.storeFor = v }
        if let n = map["nseBudget"], let v = r.duration(n, "platforms.ios.push.nseBudget", allowZero: false, atMost: 10 * SimTime.minute) {
            push.nseBudget = v
        }
        if let n = map["filtering"], let v = r.bool(n, "platforms.ios.push.filtering") { push.filtering = v }
        if let node = map["background"], let background = r.section(node, "platforms.ios.push.background") {
            if let n = background["delay"], let d = DistributionReader.read(n, "platforms.ios.push.background.delay", r) {
                push.background.delay = d
            }
            if let n = background["drop"], let p = r.probability(n, "platforms.ios.push.background.drop") { push.background.drop = p }
        }
        return push
    }

    /// `platforms.android.push`: FCM and the app's messaging service (docs/push.md).
    static func readAndroidPush(_ node: YAMLNode, _ r: ScenarioReader) -> AndroidPushConfiguration {
        var push = AndroidPushConfiguration()
        guard let map = r.section(node, "platforms.android.push") else { return push }
        if let n = map["delay"], let d = DistributionReader.read(n, "platforms.android.push.delay", r) { push.delivery.delay = d }
        if let n = map["drop"], let p = r.probability(n, "platforms.android.push.drop") { push.delivery.drop = p }
        // FCM's time to live is at most four weeks.
        if let n = map["storeFor"], let v = r.duration(n, "platforms.android.push.storeFor", atMost: 28 * SimTime.day) { push.storeFor = v }
        if let n = map["priority"], let v = r.choice(n, "platforms.android.push.priority", as: FCMPriority.self) { push.priority = v }
        if let n = map["handlerBudget"], let v = r.duration(n, "platforms.android.push.handlerBudget", allowZero: false,
                                                             atMost: 10 * SimTime.minute) {
            push.handlerBudget = v
        }
        return push
    }

    static func readAndroid(_ node: YAMLNode, _ r: ScenarioReader) -> AndroidConfiguration? {
        var android = AndroidConfiguration()
        guard let map = r.section(node, "platforms.android") else { return nil }
        if let n = map["alarmKind"], let v = r.choice(n, "platforms.android.alarmKind", as: AndroidAlarmKind.self) { android.alarmKind = v }
        if let n = map["exactAlarmPermission"], let v = r.bool(n, "platforms.android.exactAlarmPermission") { android.exactAlarmPermission = v }
        if let n = map["inexactWindow"], let v = r.number(n, "platforms.android.inexactWindow", in: 0...1) { android.inexactWindow = v }
        if let n = map["doze"] { android.doze = doze(n, r) }
        if let n = map["bootCompletedDelay"], let v = r.duration(n, "platforms.android.bootCompletedDelay") {
            android.bootCompletedDelay = v
        }
        if let n = map["rescheduleOnBoot"], let v = r.bool(n, "platforms.android.rescheduleOnBoot") { android.rescheduleOnBoot = v }
        if let node = map["fetchAlarm"], let alarm = r.section(node, "platforms.android.fetchAlarm") {
            if let n = alarm["delay"], let d = DistributionReader.read(n, "platforms.android.fetchAlarm.delay", r) { android.fetchAlarmDelay = d }
        }
        if let n = map["notificationDelay"], let d = DistributionReader.read(n, "platforms.android.notificationDelay", r) {
            android.notificationDelay = d
        }
        if let node = map["push"], !node.isNull { android.push = readAndroidPush(node, r) }
        return android
    }

    /// `doze: true | false`, or the maintenance-window steps `{ firstIdle, factor, maxIdle }`.
    static func doze(_ node: YAMLNode, _ r: ScenarioReader) -> DozeSchedule? {
        if node.mapping == nil { return r.bool(node, "platforms.android.doze") == true ? DozeSchedule() : nil }
        guard let map = r.section(node, "platforms.android.doze") else { return nil }
        var doze = DozeSchedule()
        if let n = map["firstIdle"], let v = r.duration(n, "platforms.android.doze.firstIdle", allowZero: false) { doze.firstIdle = v }
        if let n = map["factor"], let v = r.number(n, "platforms.android.doze.factor", in: 1...100) { doze.factor = v }
        if let n = map["maxIdle"], let v = r.duration(n, "platforms.android.doze.maxIdle", allowZero: false) { doze.maxIdle = v }
        if doze.maxIdle < doze.firstIdle {
            r.error(node.mark, "platforms.android.doze.maxIdle must not be below firstIdle")
        }
        return doze
    }
}
