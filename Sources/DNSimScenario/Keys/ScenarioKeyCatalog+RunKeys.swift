import DNSimCore

/// The top level and the keys that set up a run: `metrics`, `expect`, `sweep`, `precision`.
extension ScenarioKeyCatalog {
    static let runKeys: [ScenarioKey] = [
        ScenarioKey(
            "name", .run, type: "text", default: "required",
            range: "1–100 ASCII letters, digits, `-`, `_`, `.`; not starting with `.`",
            why: "names the run's reports; neither a choice of the team nor the world",
            meaning: "Names the report folder `Reports/<name>/`.",
            example: "`new-activity`"),
        ScenarioKey(
            "description", .run, type: "text", default: "none", range: "any text, not null", why: "a note for people",
            meaning: "A note for people; the simulator ignores it.",
            example: "`Baseline for 2027`"),
        ScenarioKey(
            "seed", .run, type: "whole number", default: "`1`", range: "0 to 1.8 × 10¹⁹",
            why: "picks one random world of the same shape",
            meaning:
                "Root of every keyed random draw; the same seed gives byte-identical reports (`--seed` overrides it).",
            example: "`42`"),
        ScenarioKey(
            "devices", .run, type: "whole number", default: "required", limits: .integer(1...Scenario.maxDevices),
            why: "how many replications, not who the users are",
            meaning:
                "Simulated installs, the independent replications behind every interval (`--devices` overrides it).",
            example: "`1000`"),
        ScenarioKey(
            "days", .run, type: "whole number", default: "required", limits: .integer(1...Scenario.maxDays),
            why: "how long the run lasts",
            meaning: "Simulated local days per device (`--days` overrides it).",
            example: "`365`"),
        ScenarioKey(
            "start", .run, type: "date `YYYY-MM-DD`", default: "required",
            range: "a real calendar date, years 1970–9000",
            why: "where the run's window lies",
            meaning: "First local day of the window.",
            example: "`2027-01-01`"),
        ScenarioKey(
            "timeZone", .condition, type: "text", default: "`UTC`",
            range: "an id of the IANA time-zone database (see [Time zones](#time-zones-and-daylight-saving-time))",
            why: "the users' local clock: part of the world, not a choice",
            meaning: "Local wall clock for the cron schedules and for \"day\".",
            example: "`America/New_York`"),
        ScenarioKey(
            "plugin", .lever, type: "mapping", default: "required", range: "see [`plugin`](#plugin)",
            meaning: "The `DualScheduleConfiguration` the app sends.",
            example: ""),
        ScenarioKey(
            "platforms", .mixed, type: "mapping", default: "required", range: "at least one of `ios`, `android`",
            meaning: "Platforms to simulate; each strategy runs once per platform.",
            example: ""),
        ScenarioKey(
            "fetch", .mixed, type: "mapping", default: "all defaults", range: "see [`fetch`](#fetch)",
            meaning: "The fetcher's network behaviour.",
            example: ""),
        ScenarioKey(
            "server", .mixed, type: "mapping", default: "all defaults", range: "see [`server`](#server)",
            meaning: "The server's update process (conditions) and when it sends pushes (`pushWhen`, a lever).",
            example: ""),
        ScenarioKey(
            "user", .condition, type: "mapping", default: "all defaults (no user behaviour)",
            range: "see [`user`](#user)",
            meaning: "What the user does.",
            example: ""),
        ScenarioKey(
            "strategies", .lever, type: "list", default: "required", range: "non-empty",
            meaning: "The notification policies to compare.",
            example: "`[independent, chained]`"),
        ScenarioKey(
            "metrics", .definition, type: "mapping", default: "all defaults", range: "see [`metrics`](#metrics)",
            why: "how outcomes are counted, the same for every policy and world",
            meaning: "How outcomes are measured.",
            example: ""),
        ScenarioKey(
            "metrics.lateAfter", .definition, type: "duration",
            default: "`\(SimulationPlan.defaultLateAfter / SimTime.second)s`",
            range: "zero or more",
            meaning: "A shown notification counts as `late` when it is displayed more than this long after T.",
            example: "`2m`"),
        ScenarioKey(
            "metrics.freshWithin", .definition, type: "duration", default: "the lead T − F (of the first cycle)",
            range: "longer than zero",
            meaning: "Shown API content counts as `fresh` only if it was fetched in its cycle's window (at or after "
                + "F) and is at most this old at display; otherwise `stale`. In a sweep every point keeps the "
                + "base scenario's value, so a longer lead is not rewarded for showing older content.",
            example: "`10m`"),
        ScenarioKey(
            "metrics.maxContentAge", .definition, type: "duration", default: "none (no `within_age` columns)",
            range: "longer than zero",
            meaning: "A team's staleness rule as an age: reports add `within_age_rate` (with its interval), "
                + "the share of cycles shown with API content (`fresh` or `stale`) from any fetch, in any "
                + "window, no older than this when seen. Unlike `fresh` it ignores which cycle's window the "
                + "fetch was in.",
            example: "`12h`"),
        ScenarioKey(
            "metrics.duplicateWindow", .definition, type: "duration", default: "`10m`",
            range: "longer than zero, at most `1d`",
            meaning:
                "Two notifications of any kind (New Activity, orphans, the Daily Reminder) shown closer than this count as a duplicate.",
            example: "`10m`"),
        ScenarioKey(
            "metrics.deviceFreshBelow", .definition, type: "number", default: "`0.5`", limits: .number(0...1),
            meaning:
                "A device whose own fresh rate is below this counts in `devices_fresh_below`, the share of devices "
                + "a mean rate hides (the spread columns, docs/report-format.md).",
            example: "`0.25`"),
        ScenarioKey(
            "expect", .run, type: "list", default: "none", range: "see [`expect`](#expect)",
            why: "what `check` enforces",
            meaning: "Bounds that `dnsim-events check` enforces.",
            example: ""),
        ScenarioKey(
            "expect[].arm", .run, type: "text", default: "required",
            range: "an arm name or pattern that matches at least one arm",
            meaning: "Which arms the bound applies to (see [Expectations](#expectations-expect)).",
            example: "`chained/ios`"),
        ScenarioKey(
            "expect[].metric", .run, type: "text", default: "required",
            range: "a `summary.csv` column, a rate's bare name, or `utility` (with an `objective`)",
            meaning: "The column to bound; a bare rate name such as `missed` means `missed_rate`; "
                + "`utility` is the objective's utility per cycle (a constraint cannot bound it).",
            example: "`missed`"),
        ScenarioKey(
            "expect[].min", .run, type: "number, percentage or duration", default: "none",
            range: "a number; for a rate also text like `5%`; for a time column (`*_s`) also a duration like `12h`",
            meaning: "Fails when the value is below it.",
            example: "`0.5`"),
        ScenarioKey(
            "expect[].max", .run, type: "number, percentage or duration", default: "none",
            range: "a number; for a rate also text like `5%`; for a time column (`*_s`) also a duration like `12h`",
            meaning: "Fails when the value is above it.",
            example: "`5%`"),
        ScenarioKey(
            "expect[].probability", .run, type: "number or percentage", default: "none (the scenario as written)",
            range: "above 0, at most 1 (`100%`); only with an `uncertainty` section",
            meaning: "The share of the study's worlds in which the bound must hold; without it the bound "
                + "applies to the scenario as written (see [Expectations](#expectations-expect)).",
            example: "`0.9`"),
        ScenarioKey(
            "expect[].segment", .run, type: "text", default: "none (the whole fleet)",
            range: "a segment of the scenario's `fleet`; not with `probability` or `utility`",
            meaning: "Bounds the figure of that segment's devices alone (its row of `segments.csv`), "
                + "so a regression "
                + "confined to a small segment is not diluted by the rest of the fleet.",
            example: "`oem-battery-manager`"),
        ScenarioKey(
            "sweep", .run, type: "list", default: "none", range: "see [`sweep`](#sweep)", why: "which runs to make",
            meaning: "A grid of runs over scenario keys, sharing one random world.",
            example: ""),
        ScenarioKey(
            "sweep[].key", .run, type: "text", default: "required",
            range: "a dotted path (at most 32 parts) to any scenario key except `name`, "
                + "`seed` and `sweep`; list items by 1-based index; or `lead`",
            meaning: "The key each point changes. `lead` rewrites `plugin.contentFetch.schedule` "
                + "to fire that long before each time of a daily `M H * * *` notification (lists such as "
                + "`0 8,20 * * *` too: every fetch time moves).",
            example: "`plugin.relationship.contentTimeout`"),
        ScenarioKey(
            "sweep[].values", .run, type: "list", default: "required unless `range`",
            range: "any values the key accepts",
            meaning: "The values, in order. Each point is validated like a scenario of its own.",
            example: "`[60000, 300000]`"),
        ScenarioKey(
            "sweep[].range", .run, type: "mapping `{ from, to, step }`", default: "none",
            range:
                "numbers, `to` ≥ `from`, `step` > 0 and at least twice the spacing of doubles at `from` and `to`, at most 10,000 values",
            meaning: "Numeric values `from + i × step` up to `to` (`from` = `to` gives one value), rounded to the "
                + "decimals `from` and `step` are written with, so `0.1` steps read `0.3`, not `0.30000000000000004`.",
            example: "`{ from: 0.05, to: 0.3, step: 0.05 }`"),
        .part("sweep[].range.from", .run, required: true),
        .part("sweep[].range.to", .run, required: true),
        .part("sweep[].range.step", .run, required: true),
        ScenarioKey(
            "precision", .run, type: "mapping", default: "none", range: "see [`precision`](#precision)",
            why: "when to stop adding devices",
            meaning: "Add devices until every rate is known to a target half-width.",
            example: ""),
        ScenarioKey(
            "precision.halfWidth", .run, type: "number or percentage", default: "required",
            range: "above 0 and below 50%",
            meaning: "The largest acceptable 95% interval half-width of a rate.",
            example: "`0.5%`"),
        ScenarioKey(
            "precision.maxDevices", .run, type: "integer", default: "`100000`",
            range: "at least `devices`, at most 10,000,000",
            meaning: "The cap on devices.",
            example: "`200000`"),
        ScenarioKey(
            "app", .lever, type: "mapping", default: "none", range: "see [`app`](#app)",
            meaning: "The app's separate Daily Reminder and its bugs (docs/lifecycle.md).",
            example: ""),
    ]
}
