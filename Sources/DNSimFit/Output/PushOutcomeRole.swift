/// What each outcome of a push export is, and what a scenario does with it, for `fit.md`.
enum PushOutcomeRole {
    /// (what the export says the outcome is, what the scenario does with its share)
    static func describe(_ name: String) -> (meaning: String, role: String) {
        switch name {
        case "delivered": ("delivered to the device", "")
        case "pending": ("not yet delivered when the day was counted", "may still arrive: not in `drop`")
        case "collapsed":
            (
                "replaced by a newer message with its collapse key",
                "the simulator keeps only the newest itself: not in `drop`"
            )
        case "droppedTooManyPendingMessages": ("dropped: over 100 pending non-collapsible messages", "in `drop`")
        case "droppedAppForceStopped":
            ("dropped: the app was force-stopped", "`user.forceStopPerDay` (below): not in `drop`")
        case "droppedDeviceInactive": ("dropped: FCM deems the device inactive", "in `drop`")
        case "droppedTtlExpired": ("dropped: its time to live (`ttl`) ran out", "in `drop`")
        case "deliveredNoDelay": ("delivered without delay", "")
        case "delayedDeviceOffline": ("delayed: the device was offline", "no key takes it")
        case "delayedDeviceDoze":
            (
                "delayed: the device was in Doze",
                "no key takes it: Doze holds come from `priority` and the device's Doze"
            )
        case "delayedMessageThrottled": ("delayed: throttled by FCM", "no key takes it")
        case "delayedUserStopped": ("delayed: the user profile was stopped", "no key takes it")
        case "priorityLowered":
            ("sent high, delivered at normal priority", "no key takes it (`deprioritizeBelow` makes it in a run)")
        case "delivered_to_device": ("delivered on arrival", "")
        case "delivered_to_device_from_storage": ("delivered later, from APNs storage", "")
        case "stored_device_offline": ("stored: the device was offline", "no key takes it")
        case "stored_power_considerations":
            ("stored: held for power (priority 5)", "no key takes it: the hold is `lowPriorityDelay`")
        case "discarded_token_unregistered", "discarded_token_unregistered_from_storage":
            ("discarded: the token is no longer registered", "in `drop`")
        case "discarded_expired": ("discarded: `apns-expiration` passed", "in `drop`")
        case "discarded_disabled", "discarded_disabled_from_storage":
            ("discarded: the user turned notifications off", "`notificationAuthorization: denied`: not in `drop`")
        default: ("", "")
        }
    }
}
