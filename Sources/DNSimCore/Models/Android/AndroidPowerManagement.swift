/// What Android's power management does to the app's alarms beyond Doze (docs/model.md §2,
/// Android): the OS version, App Standby Buckets, the user's background restriction and an
/// OEM battery manager. Conditions of the device, so a fleet segment may set them per device.
public struct AndroidPowerManagement: Sendable, Equatable {
    /// The device's API level: from 31 an inexact alarm fires within an hour of its trigger;
    /// from 28 App Standby Buckets limit alarms.
    public var apiLevel = 34
    public var standbyBucket = AndroidStandbyBucket.fromUsage
    /// The user restricted the app's background activity: its alarms wait for the next open.
    public var backgroundRestricted = false
    /// An OEM battery manager stops the app's alarms after this long without an open; nil: none.
    public var stopsAfterUnused: Millis?
    public init() {}

    /// From API 31, AOSP caps a one-shot inexact alarm's window at an hour (`maxTriggerTime`).
    public var inexactCap: Millis? { apiLevel >= 31 ? SimTime.hour : nil }

    /// Whether standby buckets can hold one of the app's alarms (API 28+, not always active, not exempt).
    func bucketsApply(exempt: Bool) -> Bool {
        apiLevel >= 28 && standbyBucket != .active && !exempt
    }
}
