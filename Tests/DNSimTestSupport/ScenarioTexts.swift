/// Scenario texts that tests in several targets start from.
public enum ScenarioTexts {
    /// The smallest valid scenario: iOS, one strategy, 2 devices × 3 days. `BadScenarioTests`'
    /// corpus edits it line by line; tests elsewhere add the key they are about.
    public static let minimal = """
        name: t
        seed: 1
        devices: 2
        days: 3
        start: 2027-01-01
        plugin:
          contentFetch: { schedule: "25 18 * * *" }
          userNotification: { schedule: "30 18 * * *" }
        platforms:
          ios: {}
        strategies: [independent]
        """

    /// The minimal scenario with line `line` (1-based) replaced.
    public static func replacing(_ line: Int, with text: String) -> String {
        var lines = minimal.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[line - 1] = text
        return lines.joined(separator: "\n")
    }

    /// The minimal scenario with `text` added at the top level.
    public static func appending(_ text: String) -> String { minimal + "\n" + text }

    /// A small uncertainty study (`UncertaintyStudyTests`; `check`, `bench` and `--shard` of a
    /// study; world tapes): Android, exact alarms with a fixed delay and a failure share, both
    /// uncertain, an objective with a constraint. At 8 devices × 10 days it runs in well under a second.
    public static func study(samples: Int = 8, extra: String = "", design: String = "sobol") -> String {
        """
        name: study
        seed: 7
        devices: 8
        days: 10
        start: 2027-01-04
        plugin:
          contentFetch: { schedule: "25 18 * * *" }
          userNotification: { schedule: "30 18 * * *" }
        platforms:
          android:
            fetchAlarm: { delay: { fixed: 1m } }
        fetch:
          latency: { fixed: 0s }
          failure: 0.1
        server:
          updatesPerDay: 20
        strategies: [independent, chained]
        objective:
          weights: { fresh: 1, stale: -0.2, fallback: -0.5, missed: -2 }
          constraints: [ { metric: fallback, max: 30% } ]
        uncertainty:
          design: \(design)
          samples: \(samples)
          devices: 8
          parameters:
            - { key: platforms.android.fetchAlarm.delay.fixed, distribution: { uniform: { min: 0s, max: 10m } } }
            - { key: fetch.failure, distribution: { uniform: { min: 0, max: 0.5 } } }
        \(extra)
        """
    }
}
