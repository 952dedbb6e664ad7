// swift-format-ignore-file
// Generated from Scenarios/new-activity.yaml; do not edit. BuiltinScenarioTests fails when the two
// differ; `DNSIM_UPDATE_GOLDEN=1 swift test --filter BuiltinScenarioTests` regenerates this file
// (left alone by swift format, which would indent the scenario's text).

/// Scenarios built into the executable, for commands that need one when none is given.
enum BuiltinScenarios {
    /// Where the built-in scenario comes from, for messages.
    static let newActivityFile = "Scenarios/new-activity.yaml (built in)"

    /// The text of `Scenarios/new-activity.yaml`.
    static let newActivity = #"""
# TimeSafari "New Activity": the app's own dual schedule (TimeSafari's plugin feedback), on iOS and Android.
#
# The plugin block is the DualScheduleConfiguration the app sends, verbatim:
# fetch at T−5 min (18:25), notify at T (18:30), contentTimeout 5 min, fallback copy.
#
# Calibration (where the numbers come from):
# - iOS BGAppRefreshTask delay: Apple documents no bound: "the system decides the best
#   time to launch your background task" (BGTaskScheduler docs) and weighs battery,
#   Low Power Mode, app usage and "respecting user intent" (WWDC 2020, "Background
#   execution demystified"; WWDC 2019 session 707, "Advances in App Background
#   Execution"). Developers report runs minutes to hours after earliestBeginDate,
#   clustered overnight on Wi-Fi and power (public field write-ups, e.g.
#   "BGTaskScheduler in the wild", alicinaroglu.dev). We model that as a lognormal
#   with a 90 min median and sigma 1.5 (p10 ≈ 13 min, p90 ≈ 10 h): a judgement fit to
#   those reports, not a measurement. Replace it with your own telemetry when you have it.
# - never: 15% of submitted requests never run (dropped or starved; the same sources
#   describe requests that silently never fire until the app is opened again).
# - budget: "up to 30 seconds of background runtime" (BGTaskScheduler docs; proton-stream's NewEpisodes.swift).
# - Android: exact alarms (setExactAndAllowWhileIdle / setAlarmClock) fire on time; 0 s delay. The
#   Android figures assume SCHEDULE_EXACT_ALARM was granted; Android 14 denies it by default to new
#   installs, and we assume the plugin then falls back to set() (setExact would throw
#   SecurityException): inexact alarms. The sweep shows both on the same devices and random world.
# - fetch latency: a mobile POST to plansLastUpdatedBetween, median 800 ms, 2% network failures.
# - server: ~1.5 updates a day across 5 starred projects; users open the app ~1.2 times a day.
name: new-activity
seed: 42
devices: 1000
days: 365
start: 2027-01-01
timeZone: America/New_York

plugin:
  contentFetch: { enabled: true, schedule: "25 18 * * *", callbacks: {} }
  userNotification:
    enabled: true
    schedule: "30 18 * * *"
    title: New Activity
    body: Check your starred projects and offers for updates.
    sound: true
    priority: normal
  relationship: { autoLink: true, contentTimeout: 300000, fallbackBehavior: show_default }

platforms:
  ios:
    fetchTask:
      kind: appRefresh
      delay: { lognormal: { median: 90m, sigma: 1.5 } }
      never: 0.15
      budget: 30s
    notificationDelay: { fixed: 0s }
  android:
    fetchAlarm: { delay: { fixed: 0s } }
    notificationDelay: { fixed: 0s }

fetch:
  latency: { lognormal: { median: 800ms, sigma: 0.6 } }
  failure: 0.02

server:
  updatesPerDay: 1.5
  starredPlans: 5

user:
  appOpensPerDay: 1.2
  forceQuitPerDay: 0.05
  tokenLifetime: 3d

strategies:
  - independent
  - chained

metrics:
  lateAfter: 60s

sweep:
  - { key: platforms.android.exactAlarmPermission, values: [true, false] }

expect:
  - { arm: chained/android, metric: missed, max: 0.01 }
  - { arm: chained/ios, metric: stale, max: "1%" }

"""#
}
