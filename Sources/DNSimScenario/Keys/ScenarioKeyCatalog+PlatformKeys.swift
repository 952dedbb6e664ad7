import DNSimCore

/// `platforms`: how iOS and Android run the plugin, and the push services.
extension ScenarioKeyCatalog {
    static let platformKeys: [ScenarioKey] = [
        .part("platforms.ios", .mixed),
        ScenarioKey(
            "platforms.ios.fetchTask", .mixed, type: "mapping", default: "all defaults", range: "keys below",
            meaning: "How `BGTaskScheduler` runs the fetch.",
            example: ""),
        ScenarioKey(
            "platforms.ios.fetchTask.kind", .lever, type: "text", default: "`appRefresh`",
            range: "`appRefresh`, `processing`",
            table: "platforms.ios",
            meaning: "The BG request kind; it sets the default `budget`.",
            example: "`appRefresh`"),
        ScenarioKey(
            "platforms.ios.fetchTask.delay", .condition, type: "distribution", default: "`{ fixed: 0s }`",
            range: "any distribution",
            table: "platforms.ios",
            meaning: "Time from max(earliestBeginDate = F, submission time) until the OS launches the task.",
            example: "`{ lognormal: { median: 90m, sigma: 1.5 } }`"),
        ScenarioKey(
            "platforms.ios.fetchTask.never", .condition, type: ScenarioKey.perDeviceNumber, default: "`0`",
            limits: .number(0...1),
            table: "platforms.ios",
            meaning: "Chance that a submitted request is never run. Each submission draws again.",
            example: "`0.15`"),
        ScenarioKey(
            "platforms.ios.fetchTask.budget", .condition, type: "duration or distribution",
            default: "`30s`, or `5m` with `kind: processing`", range: "longer than zero", table: "platforms.ios",
            meaning:
                "Run budget; a fetch whose latency exceeds it is cancelled at the budget and counts as a failure. A distribution is "
                + "drawn once per launch, keyed by the launched request (field reports see expirations a few seconds after launch).",
            example: "`{ uniform: { min: 2s, max: 30s } }`"),
        ScenarioKey(
            "platforms.ios.fetchTask.launch", .condition, type: "text", default: "`afterEarliest`",
            range: "`afterEarliest`, `beforeUse`",
            table: "platforms.ios", why: "a hypothesis about iOS's scheduler, not the app's choice",
            meaning: "When iOS launches a request. `afterEarliest`: `delay` after max(earliestBeginDate, submission). "
                + "`beforeUse`: that launch, held when it falls outside the user's usage hours (hours of `user.appOpenHours` "
                + "with at least the average weight) until 15 min before the next one starts; the same as `afterEarliest` "
                + "without `appOpenHours`. Compare both to see whether a decision depends on which holds.",
            example: "`beforeUse`"),
        ScenarioKey(
            "platforms.ios.fetchTask.requiresExternalPower", .lever, type: "boolean", default: "`false`",
            range: "`kind: processing` only",
            table: "platforms.ios", why: "the plugin sets it on its request",
            meaning: "The task runs only inside `user.charging` windows (which must be given).",
            example: "`true`"),
        ScenarioKey(
            "platforms.ios.fetchTask.requiresNetworkConnectivity", .lever, type: "boolean", default: "`false`",
            range: "",
            table: "platforms.ios", why: "the plugin sets it on its request",
            meaning: "The task waits out `user.offline` periods instead of failing in them.",
            example: "`true`"),
        ScenarioKey(
            "platforms.ios.notificationDelay", .condition, type: "distribution", default: "`{ fixed: 0s }`",
            range: "any distribution",
            meaning: "Time from a notification's trigger to its display.",
            example: "`{ fixed: 0s }`"),
        ScenarioKey(
            "platforms.ios.inactiveAfter", .condition, type: "duration or `never`", default: "`never`",
            range: "longer than zero",
            why: "iOS's rule, not the app's",
            meaning: "iOS stops launching the app's BG tasks once it has not been opened for this long; the next open "
                + "resumes them. `never` by default: Apple names app usage among the factors that ration background "
                + "launches (WWDC 2020, \"Background execution demystified\") but publishes no cut-off for app refresh "
                + "(a week is documented only for processing requests, which the model applies), so any default would "
                + "be invented; set it from your own telemetry or put it under `uncertainty`. With no "
                + "`user.appOpensPerDay` it would cut every device off (a warning says so when both are set that way).",
            example: "`7d`"),
        ScenarioKey(
            "platforms.ios.backgroundAppRefresh", .condition, type: "boolean", default: "`true`", range: "",
            why: "the user's switch in Settings, not the app's",
            meaning: "The user's Background App Refresh switch for the app. Off: `BGTaskScheduler` refuses "
                + "every request and iOS discards background pushes without waking the app; alert "
                + "pushes and their Notification Service Extension still run, and so does an app open.",
            example: "`false`"),
        ScenarioKey(
            "platforms.ios.notificationAuthorization", .condition, type: "text", default: "`authorized`",
            range: "`authorized`, `denied`",
            why: "the user answers the permission prompt, not the app",
            meaning:
                "`UNUserNotificationCenter` authorization. `denied`: every cycle that would have been shown (fresh, stale, "
                + "fallback) is `blocked`; suppressed and missed cycles keep their outcome. BG tasks and background pushes "
                + "still fetch; an alert push is not presented, so its Notification Service Extension does not run (no fetch).",
            example: "`denied`"),
        ScenarioKey(
            "platforms.ios.timeSensitiveAllowed", .condition, type: "boolean", default: "`true`", range: "",
            why: "the user allows time-sensitive notifications in Settings or Focus",
            meaning: "Whether the app's `timeSensitive` notifications break through Focus "
                + "and Scheduled Summary; `false`, they wait like `active` ones.",
            example: "`false`"),
        ScenarioKey(
            "platforms.ios.resubmitOnOpen", .lever, type: "text", default: "`always`", range: "`always`, `ifNone`",
            meaning: "When an app open (or setup) resubmits the BG request. `always`: every open replaces the "
                + "pending request, which re-rolls `never` and restarts the delay from max(F, now), so more "
                + "opens can mean fewer BG runs. `ifNone`: only when no request is pending (none was submitted, "
                + "or iOS dropped it), as a plugin reading `BGTaskScheduler.getPendingTaskRequests` would.",
            example: "`ifNone`"),
        ScenarioKey(
            "platforms.ios.push", .mixed, type: "mapping", default: "the defaults below", range: "keys below",
            meaning: "APNs and the Notification Service Extension, for the `push` strategies (docs/push.md).",
            example: ""),
        ScenarioKey(
            "platforms.ios.push.delay", .condition, type: "distribution",
            default: "`{ lognormal: { median: 1s, sigma: 1.0 } }`",
            range: "any distribution",
            meaning: "Alert push: time from sending (at T) to reaching APNs' edge for the device.",
            example: "`{ lognormal: { median: 1s, sigma: 1.0 } }`"),
        ScenarioKey(
            "platforms.ios.push.drop", .condition, type: ScenarioKey.perDeviceNumber, default: "`0.01`",
            limits: .number(0...1),
            meaning: "Chance that an alert push never arrives (its cycle is `missed`).",
            example: "`0.01`"),
        ScenarioKey(
            "platforms.ios.push.storeFor", .lever, type: "duration", default: "`30d`", range: "0 – 30d",
            why: "the server sets `apns-expiration` on each push",
            meaning: "How long APNs stores a push for a device it cannot reach (`apns-expiration`); "
                + "it keeps only the newest one per app. `0s`: not stored.",
            example: "`1d`"),
        ScenarioKey(
            "platforms.ios.push.nseBudget", .condition, type: "duration", default: "`30s`",
            range: "longer than zero, at most `10m`",
            meaning:
                "The NSE's time to fetch; when it runs out, the payload's copy shows (`serviceExtensionTimeWillExpire`).",
            example: "`30s`"),
        ScenarioKey(
            "platforms.ios.push.interruptionLevel", .lever, type: "text", default: "the plugin's",
            range: "`active`, `passive`, `timeSensitive`",
            why: "the server sets the payload's `interruption-level`",
            meaning: "The alert push's interruption level: whether it waits for Scheduled Summary and Focus "
                + "(`user.scheduledSummary`, `user.focus`). Default: `plugin.userNotification.interruptionLevel`.",
            example: "`timeSensitive`"),
        ScenarioKey(
            "platforms.ios.push.priority", .lever, type: "whole number", default: "`10`", limits: .integer(1...10),
            range: "`10` or `5`",
            why: "the server sets `apns-priority` on each request",
            meaning:
                "APNs priority of the alert pushes: `10` sends at once; `5` \"based on power considerations\" (Apple, "
                + "\"Sending notification requests to APNs\"), held `lowPriorityDelay` more. Background pushes are "
                + "always priority 5 and their `background.delay` is that hold: this key does not change them.",
            example: "`5`"),
        ScenarioKey(
            "platforms.ios.push.lowPriorityDelay", .condition, type: "distribution", default: "`background.delay`",
            range: "any distribution",
            meaning: "How long a priority-5 alert push is held beyond its `delay`. Apple publishes no number; "
                + "by default it is held as long as a background push (always priority 5), a judgement.",
            example: "`{ exponential: { mean: 10m } }`"),
        ScenarioKey(
            "platforms.ios.push.filtering", .lever, type: "boolean", default: "`false`", range: "",
            why: "the team requests the entitlement and ships the code that uses it",
            meaning: "The app holds the notification-filtering entitlement: an NSE fetch "
                + "with no updates shows nothing (`suppressed`) instead of the payload.",
            example: "`true`"),
        ScenarioKey(
            "platforms.ios.push.background", .condition, type: "mapping `{ delay, drop }`",
            default: "`{ delay: { exponential: { mean: 20m } }, drop: 0.2 }`",
            range: "as `delay` and `drop` (`drop` may be [`perDevice`](#per-device-values))",
            meaning:
                "Background (content-available) pushes, which iOS throttles: their own delay and loss. Held in Low Power Mode; "
                + "discarded when the app is force-quit while one waits (or already is), and when `backgroundAppRefresh` is off.",
            example: "`{ delay: { exponential: { mean: 20m } }, drop: 0.2 }`"),
        .part("platforms.ios.push.background.delay", .condition, type: "distribution"),
        .part("platforms.ios.push.background.drop", .condition, limits: .number(0...1)),
        .part("platforms.android", .mixed),
        ScenarioKey(
            "platforms.android.fetchAlarm", .condition, type: "mapping", default: "all defaults", range: "key below",
            meaning: "The exact alarm that runs the fetch.",
            example: ""),
        ScenarioKey(
            "platforms.android.fetchAlarm.delay", .condition, type: "distribution", default: "`{ fixed: 0s }`",
            range: "any distribution",
            table: "platforms.android",
            meaning: "How late the fetch alarm fires after its scheduled time (F, or now if F has passed).",
            example: "`{ uniform: { min: 0s, max: 2m } }`"),
        ScenarioKey(
            "platforms.android.notificationDelay", .condition, type: "distribution", default: "`{ fixed: 0s }`",
            range: "any distribution",
            meaning: "How late the notification (or guard) alarm is displayed after its trigger.",
            example: "`{ fixed: 0s }`"),
        ScenarioKey(
            "platforms.android.alarmKind", .lever, type: "text", default: "`exactAllowWhileIdle`",
            range: "`exactAllowWhileIdle`, `setExact`, `alarmClock`",
            meaning: "The AlarmManager call behind every plugin alarm. `setExact` waits "
                + "for a Doze maintenance window; the other two fire on time.",
            example: "`setExact`"),
        ScenarioKey(
            "platforms.android.exactAlarmPermission", .condition, type: "boolean", default: "`true`", range: "",
            why: "the user (or the OS default) grants it, not the app",
            meaning: "Without SCHEDULE_EXACT_ALARM the alarms are inexact: delivered up to `inexactWindow` of the "
                + "time-to-trigger late, at most an hour from API 31 (AOSP `AlarmManagerService`), and deferred in "
                + "Doze. Every plugin alarm is of this kind: the fetch alarm, the chained notification and its guard.",
            example: "`false`"),
        ScenarioKey(
            "platforms.android.inexactWindow", .condition, type: "number", default: "`0.75`", limits: .number(0...1),
            meaning:
                "An inexact alarm set at time a for trigger t fires uniformly in [t, t + inexactWindow × (t − a)], the window "
                + "capped at 1 h from `apiLevel` 31 (AOSP `AlarmManagerService.maxTriggerTime`: 75%, at most `INTERVAL_HOUR`).",
            example: "`0.75`"),
        ScenarioKey(
            "platforms.android.apiLevel", .condition, type: "whole number", default: "`34`", limits: .integer(26...36),
            meaning: "The device's Android API level. From 31 an inexact alarm fires within an hour of its "
                + "trigger (AOSP `AlarmManagerService.maxTriggerTime`); below, within `inexactWindow` "
                + "of the time to it. From 28 App Standby Buckets limit alarms (`standbyBucket`).",
            example: "`30`"),
        ScenarioKey(
            "platforms.android.standbyBucket", .condition, type: "text", default: "`fromUsage`",
            range: "`active`, `workingSet`, `frequent`, `rare`, `restricted`, `fromUsage`",
            meaning:
                "The app's App Standby Bucket (API 28+, on battery only): its alarms per rolling hour are 720, 10, 2 and 1, "
                + "and 1 a day when restricted (AOSP `DEFAULT_APP_STANDBY_QUOTAS`); an alarm past the quota waits until it "
                + "allows it. `fromUsage` follows the user's opens (AOSP `AppStandbyController`: active under 12 h since the "
                + "last open, working set under 24 h, frequent under 48 h, rare under 8 days, then restricted). "
                + "`setAlarmClock`, and from API 31 `setExactAndAllowWhileIdle` with the exact-alarm permission, are exempt.",
            example: "`rare`"),
        ScenarioKey(
            "platforms.android.backgroundRestricted", .condition, type: "boolean", default: "`false`", range: "",
            why: "the user's setting, not the app's",
            meaning: "The user restricted the app's background activity: its alarms never run in "
                + "the background (they wait for the next app open); FCM still delivers.",
            example: "`true`"),
        ScenarioKey(
            "platforms.android.batteryManager", .condition, type: "mapping `{ stopsAfterUnused, stopsPush }`",
            default: "none", range: "keys below",
            meaning: "An OEM battery manager (dontkillmyapp.com): after `stopsAfterUnused` "
                + "without an app open, the app's alarms and jobs stop until the next open "
                + "(and its FCM messages with `stopsPush`).",
            example: "`{ stopsAfterUnused: 3d }`"),
        ScenarioKey(
            "platforms.android.batteryManager.stopsAfterUnused", .condition, type: "duration", default: "required",
            range: "longer than zero", table: "platforms.android",
            meaning: "How long after the last open the battery manager stops the app's alarms.",
            example: "`3d`"),
        ScenarioKey(
            "platforms.android.batteryManager.stopsPush", .condition, type: "boolean", default: "`false`",
            range: "", table: "platforms.android",
            meaning: "The manager puts the app in Android's stopped state, where FCM drops its messages "
                + "(`droppedAppForceStopped`, as after a force stop) until the next open; the vendors "
                + "whose dontkillmyapp.com reports say so.",
            example: "`true`"),
        ScenarioKey(
            "platforms.android.doze", .condition, type: "boolean, or mapping `{ firstIdle, factor, maxIdle }`",
            default: "`false`",
            range:
                "needs `user.idle`; `firstIdle`, `maxIdle` durations ≥ `1m` (`maxIdle` ≥ `firstIdle`), `factor` 1 – 100",
            meaning: "Deep Doze while the phone is idle and unplugged (outside `user.charging`): a deferred alarm "
                + "fires at the next maintenance window; the idle periods between windows start at `firstIdle` "
                + "(default `1h`) and grow by `factor` (default `2`) up to `maxIdle` (default `6h`), as AOSP "
                + "`DeviceIdleController` (`idle_to`, `idle_factor`, `max_idle_to`). `true` means the defaults.",
            example: "`{ firstIdle: 1h, factor: 2, maxIdle: 6h }`"),
        .part("platforms.android.doze.firstIdle", .condition, type: "duration"),
        .part("platforms.android.doze.factor", .condition, limits: .number(1...100)),
        .part("platforms.android.doze.maxIdle", .condition, type: "duration"),
        ScenarioKey(
            "platforms.android.rescheduleOnBoot", .lever, type: "boolean", default: "`false`", range: "",
            meaning: "A `BOOT_COMPLETED` receiver re-arms the alarms `bootCompletedDelay` "
                + "after a reboot; without it they stay lost until the next app open.",
            example: "`true`"),
        ScenarioKey(
            "platforms.android.notificationPermission", .condition, type: "text", default: "`granted`",
            range: "`granted`, `denied`",
            why: "the user grants it (Android 13+ asks at runtime), not the app",
            meaning:
                "Android 13+ `POST_NOTIFICATIONS`. `denied`: every cycle that would have been shown (fresh, stale, fallback) is "
                + "`blocked`; suppressed and missed cycles keep their outcome. The app's code still runs and fetches (alarms, "
                + "jobs, the FCM handler), and every high-priority FCM message then counts as showing no visible notification.",
            example: "`denied`"),
        ScenarioKey(
            "platforms.android.fetchIn", .lever, type: "text", default: "`worker`", range: "`receiver`, `worker`",
            meaning: "Where the fetch alarm's code fetches. `receiver`: in the alarm's `BroadcastReceiver` (with "
                + "`goAsync`), so a fetch longer than `receiverBudget` is cancelled and fails, as iOS cancels "
                + "at a BG task's budget. `worker`: the receiver hands the fetch to expedited work, which runs "
                + "it to the end (an expedited job within its quota runs in Doze; the alarm results as before).",
            example: "`receiver`"),
        ScenarioKey(
            "platforms.android.receiverBudget", .condition, type: "duration", default: "`10s`",
            range: "longer than zero, at most `1m`",
            meaning: "How long an alarm's receiver may run its fetch with `fetchIn: receiver`: 10 s is the developer "
                + "docs' guidance for `goAsync` (\"BroadcastReceiver\": finish within 10 seconds); AOSP kills a "
                + "background receiver after 60 s (`ActivityManagerService` `BROADCAST_BG_TIMEOUT`).",
            example: "`60s`"),
        ScenarioKey(
            "platforms.android.fetchWith", .lever, type: "text", default: "`alarm`", range: "`alarm`, `workManager`",
            meaning:
                "What wakes the plugin to fetch. `alarm`: an `AlarmManager` alarm at F (its kind, permission and Doze "
                + "rules above). `workManager`: androidx WorkManager work (`workManager` below) on JobScheduler, which "
                + "runs the job from F once its constraints hold, outside Doze (a regular job waits for a maintenance "
                + "window or the end of idle) and within App Standby's `QuotaController` sessions; WorkManager's jobs "
                + "survive a reboot (its `RescheduleReceiver`), not a force stop. The notification at T stays an alarm.",
            example: "`workManager`"),
        ScenarioKey(
            "platforms.android.workManager", .mixed, type: "mapping", default: "the defaults below",
            range: "keys below",
            meaning: "The work request a WorkManager plugin enqueues for its fetch, with "
                + "`fetchWith: workManager` (docs/model.md §2, Android WorkManager).",
            example: "`{ request: periodic, repeatInterval: 24h }`"),
        ScenarioKey(
            "platforms.android.workManager.request", .lever, type: "text", default: "`oneTime`",
            range: "`oneTime`, `periodic`",
            meaning:
                "`oneTime`: a `OneTimeWorkRequest` with an initial delay to F, enqueued again for the next F by the "
                + "worker and by an app open when none is pending. `periodic`: a `PeriodicWorkRequest` enqueued "
                + "once, with an initial delay to the first F; each next run is `repeatInterval` after the last one "
                + "(androidx `WorkSpec.calculateNextRunTime`), so a late run moves all later ones away from F.",
            example: "`periodic`"),
        ScenarioKey(
            "platforms.android.workManager.repeatInterval", .lever, type: "duration", default: "`24h`",
            range: "`15m` (androidx's minimum) to `366d`",
            meaning: "The period of `periodic` work (`PeriodicWorkRequest` `repeatInterval`).",
            example: "`12h`"),
        ScenarioKey(
            "platforms.android.workManager.flexInterval", .lever, type: "duration", default: "`repeatInterval`",
            range: "`5m` (androidx's minimum) to `repeatInterval`",
            meaning: "The flex of `periodic` work: the first run waits `repeatInterval − flexInterval` "
                + "past its initial delay (androidx applies flex to the first period only).",
            example: "`1h`"),
        ScenarioKey(
            "platforms.android.workManager.expedited", .lever, type: "boolean", default: "`false`", range: "",
            meaning:
                "`setExpedited`: from API 31 the job runs at once, also in Doze and outside the standby sessions, while "
                + "the app's expedited quota lasts (AOSP `QuotaController` `DEFAULT_EJ_LIMIT_*`: 30 min a day active and "
                + "working set, 10 min frequent and rare, 5 min restricted, each run charged the fetch's mean latency); "
                + "past it the job runs as regular work (`OutOfQuotaPolicy.RUN_AS_NON_EXPEDITED_WORK_REQUEST`).",
            example: "`true`"),
        ScenarioKey(
            "platforms.android.workManager.requiresNetwork", .lever, type: "boolean", default: "`false`", range: "",
            meaning: "`NetworkType.CONNECTED`: the job waits out the user's offline periods (`user.offline`).",
            example: "`true`"),
        ScenarioKey(
            "platforms.android.workManager.requiresCharging", .lever, type: "boolean", default: "`false`", range: "",
            meaning: "`setRequiresCharging`: the job waits for the user's charging windows (`user.charging`).",
            example: "`true`"),
        ScenarioKey(
            "platforms.android.workManager.delay", .condition, type: "distribution", default: "`{ fixed: 0s }`",
            range: "any distribution",
            meaning:
                "From the first moment the job may run (constraints met, out of Doze) to its start: JobScheduler's "
                + "own batching and the device's load, which no public number gives (a condition to calibrate).",
            example: "`{ exponential: { mean: 10m } }`"),
        ScenarioKey(
            "platforms.android.bootCompletedDelay", .condition, type: "duration", default: "`1m`",
            range: "zero or more",
            meaning: "How long after a reboot `BOOT_COMPLETED` reaches the receiver (a judgement: "
                + "Android delivers it once boot finishes, typically within a minute).",
            example: "`30s`"),
        ScenarioKey(
            "platforms.android.push", .mixed, type: "mapping", default: "the defaults below", range: "keys below",
            meaning: "FCM and the app's messaging service, for the `push` strategies (docs/push.md).",
            example: ""),
        ScenarioKey(
            "platforms.android.push.delay", .condition, type: "distribution", default: "`{ fixed: 500ms }`",
            range: "any distribution",
            meaning: "Time from sending to reaching FCM's edge for the device (both kinds).",
            example: "`{ lognormal: { median: 1.5s, sigma: 1.5 } }`"),
        ScenarioKey(
            "platforms.android.push.drop", .condition, type: ScenarioKey.perDeviceNumber, default: "`0.005`",
            limits: .number(0...1),
            meaning: "Chance that a message never arrives.",
            example: "`0.005`"),
        ScenarioKey(
            "platforms.android.push.storeFor", .lever, type: "duration", default: "`28d`", range: "0 – 28d",
            why: "the server sets `ttl` on each message",
            meaning:
                "FCM's `ttl`: how long it stores a message for a device it cannot reach; with a collapse key, only the newest.",
            example: "`1d`"),
        ScenarioKey(
            "platforms.android.push.priority", .lever, type: "text", default: "`high`", range: "`high`, `normal`",
            why: "the server sets it on each message",
            meaning: "`high` is delivered at once, even in Doze; `normal` waits in Doze for the "
                + "next maintenance window (`doze`; a warning says when there is none).",
            example: "`normal`"),
        ScenarioKey(
            "platforms.android.push.handlerBudget", .condition, type: "duration", default: "`20s`",
            range: "longer than zero, at most `10m`",
            meaning: "How long `onMessageReceived` may fetch before it must post the notification.",
            example: "`20s`"),
        ScenarioKey(
            "platforms.android.push.deprioritizeBelow", .condition, type: "number", default: "`0.5`",
            limits: .number(0...1),
            why: "FCM decides it from the device's messages",
            meaning:
                "FCM delivers `high` messages as `normal` (held by Doze) while less than this share of the device's high-priority "
                + "messages of the past 7 days showed a notification: an alert push whose handler shows nothing, and every "
                + "background push, count against it (Firebase, \"Set and manage Android message priority\"). `0`: never.",
            example: "`0.5`"),
    ]
}
