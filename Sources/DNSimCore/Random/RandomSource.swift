/// What a random draw describes. Together with the seed, the device and an
/// index (a cycle, a day, an app open) it names the draw, so the same
/// quantity gets the same value in every arm (common random numbers).
/// Raw values are part of the reproducibility contract: never renumber them.
public enum RandomSource: UInt64, Sendable, CaseIterable {
    /// Server updates of one UTC day since the start: count, times, projects.
    case serverDay = 1
    /// App opens of one day: count and times.
    case appOpenDay = 2
    /// An iOS BG request submitted by the task handler (index: `DrawIndex.handlerRequest`,
    /// cycle and the handler's submission for it): `never`, delay.
    case backgroundRequestForCycle = 3
    /// An iOS BG request submitted by an app open (index: the open's key, `DrawIndex.dayRank`; -1 at setup): `never`, delay.
    case backgroundRequestAtOpen = 4
    /// A fetch attempt (index: `DrawIndex.fetchAttempt`, cycle served and attempt): failure, latency.
    case fetchAttempt = 5
    /// Android fetch alarm delay of a cycle.
    case fetchAlarmDelay = 6
    /// Display delay of a cycle's notification.
    case notificationDelay = 7
    /// Force-quits of one day: count and times.
    case forceQuitDay = 8
    /// Low Power Mode periods of one day: count and starts.
    case lowPowerDay = 9
    /// Offline periods of one day: count and starts.
    case offlineDay = 10
    /// Reboots of one day.
    case rebootDay = 11
    /// An Android alarm's inexact delivery (index: `DrawIndex.inexactAlarm`, cycle and purpose).
    case inexactAlarm = 12
    /// The duration of a Low Power Mode period (index: `DrawIndex.dayRank`), apart from its start.
    case lowPowerDuration = 13
    /// The duration of an offline period (index: `DrawIndex.dayRank`), apart from its start.
    case offlineDuration = 14
    /// A foreground fetch at an app open (`fetchOnOpen`; index: `DrawIndex.foregroundFetch`, open key and retry).
    case foregroundFetch = 15
    /// The alert push of a cycle (index = cycle): loss, then delay.
    case pushDelivery = 16
    /// The background (content-available) push of a cycle (index = cycle): loss, then delay.
    case silentPushDelivery = 17
    /// The user turns New Activity off, on one day: count and instants.
    case disableDay = 18
    /// How long one such period lasts (index: `DrawIndex.dayRank`).
    case disableDuration = 19
    /// The user picks a new notification time, on one day: count and instants.
    case timeChangeDay = 20
    /// Which time the user picks (index: `DrawIndex.dayRank`).
    case timeChoice = 21
    /// The user edits the starred projects, on one day: count and instants.
    case starredChangeDay = 22
    /// Whether the starred list is empty after an edit (index: `DrawIndex.dayRank`; -1 at setup).
    case starredEmpty = 23
    /// The BG request the plugin submits when New Activity is turned on again (index = the period's rank in the run).
    case backgroundRequestAtEnable = 24
    /// The BG request the plugin submits after a time change (index = the change's rank in the run).
    case backgroundRequestAtTimeChange = 25
    /// The BG request a handler `cancelDualSchedule` left resubmits (index = the old schedule's cycle).
    case backgroundRequestLeft = 26
    /// Which fleet segment the device belongs to (index 0): one uniform, inverted over the
    /// segments' cumulative shares, drawn only when the fleet has more than one segment.
    case fleetSegment = 27
    /// The run budget of a BG launch, when `fetchTask.budget` is a distribution (index:
    /// `DrawIndex.launchBudget`, the launched request's source and index).
    case launchBudget = 28
    /// The digital shift of one design column (device: the parameter key's hash, index 0 for
    /// the A column and 1 for the B column), so a design is a function of the seed.
    case designShift = 29
    /// A Latin hypercube's strata order and jitter for one parameter (device: the key's hash).
    case latinHypercube = 30
    /// The bootstrap resamples of a sensitivity estimate (device: the target's number).
    case bootstrap = 31
    /// The bootstrap resamples of a decision's stability (device: the platform's position).
    case decisionBootstrap = 32
    /// The days' Android force stops (`user.forceStopPerDay`), as `forceQuitDay` for iOS.
    case forceStopDay = 33
    /// A WorkManager job's delay from the moment it may run to its start (`platforms.android.workManager.delay`).
    case workDelay = 34
    /// A device's own value of a per-device condition (`{ perDevice: … }`; index: the key's hash).
    case deviceValue = 35
    /// The error of a future telemetry sample's estimate of a parameter, per world (device: the
    /// parameter key's hash, index: the world's position), for EVSI (`SampleInformation`).
    case sampleInformation = 36
}
