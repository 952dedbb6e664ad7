/// `fit.md`: what a person reads: the data, the families table, the verdict
/// and the block to set in a scenario.
enum FitMarkdown {
    static func render(_ file: TelemetryFile, _ fit: TelemetryFit, yaml: String) -> String {
        var md: String
        switch fit {
        case .backgroundLaunches(let bg) where bg.data.workJobs:
            md =
                "# Fit of WorkManager job delays: `\(file.name)`\n\n## Data\n\n"
                + dataTable(
                    file, bg.delays,
                    extra: [
                        (
                            "ran",
                            "\(bg.data.launched) (\(ScenarioFormat.percent(Double(bg.data.launched) / Double(bg.data.rows))))"
                        ),
                        ("not seen to run, or not run before Doze began (censored)", "\(bg.data.censored)"),
                    ] + eligibilityRows(bg.data.eligibility, jobs: true), what: "delay of jobs that ran",
                    at: [600, 3600, 21_600],
                    notYet: "not run by")
            md += eligibilityNote(bg.data.eligibility, jobs: true)
            md += families(bg.delays, neverColumn: false)
            md += verdict(bg.delays)
        case .backgroundLaunches(let bg):
            md =
                "# Fit of BG launch delays: `\(file.name)`\n\n## Data\n\n"
                + dataTable(
                    file, bg.delays,
                    extra: [
                        (
                            "launched",
                            "\(bg.data.launched) (\(ScenarioFormat.percent(Double(bg.data.launched) / Double(bg.data.rows))))"
                        ),
                        ("not seen to launch (censored)", "\(bg.data.censored)"),
                    ] + eligibilityRows(bg.data.eligibility), what: "launch delay of launched rows",
                    at: [3600, 21_600, 86_400],
                    notYet: "not launched by")
            md += eligibilityNote(bg.data.eligibility)
            md += families(bg.delays, neverColumn: true)
            md += verdict(bg.delays)
        case .fetchAttempts(let fetch):
            let d = fetch.data
            md =
                "# Fit of fetch latency and outcomes: `\(file.name)`\n\n## Data\n\n"
                + dataTable(
                    file, fetch.latency,
                    extra: [
                        ("outcomes", "ok \(d.ok), empty \(d.empty), error \(d.error), timeout \(d.timeout)"),
                        ("failure share (error + timeout)", proportion(fetch.failure)),
                        ("error share (`fetch.failure`)", proportion(fetch.error)),
                        ("timeout share", proportion(fetch.timeout)),
                        ("empty share of responses", proportion(fetch.empty)),
                    ], what: "latency of responses", at: [1, 10, 60], notYet: "no response by")
            md += families(fetch.latency, neverColumn: false)
            md += verdict(fetch.latency)
        case .appOpens(let opens):
            md = "# Fit of app opens: `\(file.name)`\n\n## Data\n\n| | |\n|---|---|\n"
            md +=
                "| file | `\(file.path)` (\(file.kind.rawValue)) |\n| rows used | \(file.rows)\(skippedNote(file)) |\n"
            md +=
                "| opened | \(ISOTimestamp.formatDay(file.timeRange.first)) to "
                + "\(ISOTimestamp.formatDay(file.timeRange.last)) UTC (\(opens.days) local days) |\n"
            md += "| devices | \(opens.devices) |\n| time zones | \(opens.data.timeZones.joined(separator: ", ")) |\n\n"
            md +=
                "## Opens per day per device\n\n"
                + "| mean (95% interval) | s.d. across devices | p10 | median | p90 | dispersion (Poisson: 1) |\n|---|---|---|---|---|---|\n"
            let interval =
                opens.low.isFinite && opens.high.isFinite
                ? "(\(ScenarioFormat.number(opens.low))–\(ScenarioFormat.number(opens.high)))"
                : "(one device: no interval)"
            md +=
                "| \(ScenarioFormat.number(opens.opensPerDay)) \(interval) "
                + "| \(ScenarioFormat.number(opens.spread)) | \(ScenarioFormat.number(opens.quantile(0.1))) "
                + "| \(ScenarioFormat.number(opens.quantile(0.5))) "
                + "| \(ScenarioFormat.number(opens.quantile(0.9))) | \(ScenarioFormat.number(opens.dispersion)) |\n\n"
            md += "## Verdict\n\n"
            if opens.dispersion > 2 {
                md +=
                    "Devices differ a lot (dispersion \(ScenarioFormat.number(opens.dispersion)), well above the 1 of a common Poisson rate): "
                    + "one `appOpensPerDay` averages over light and heavy users. Consider one scenario per user group "
                    + "(as `ios-daily-user` and `ios-weekly-user` do).\n\n"
            } else {
                md +=
                    "Per-device counts are close to Poisson at one common rate (dispersion \(ScenarioFormat.number(opens.dispersion))), "
                    + "which is what `appOpensPerDay` simulates.\n\n"
            }
            md += "![Opens by local hour](fit.svg)\n\n"
        case .pushDelivery(let push):
            md = pushDelivery(file, push)
        }
        md += samplingDistributions(fit)
        md +=
            "## Scenario block\n\nSet these keys in the scenario with `dnsim-events fit FILE --into SCENARIO.yaml`, or by hand in place "
            + "of the keys the comment names (`fit.yaml` holds the same):\n\n```yaml\n\(yaml)```\n\n"
        md += method(fit)
        return md
    }

    /// A push export: its data, every outcome's share with the scenario key it feeds (or why none),
    /// and how the force-stopped share bears on `user.forceStopPerDay`.
    static func pushDelivery(_ file: TelemetryFile, _ push: PushDeliveryFit) -> String {
        let d = push.data
        let service = d.platform == .android ? "FCM Data API" : "APNs delivery metrics"
        var md = "# Fit of push delivery (\(service)): `\(file.name)`\n\n## Data\n\n| | |\n|---|---|\n"
        md += "| file | `\(file.path)` (\(file.kind.rawValue)) |\n"
        md +=
            "| \(d.platform == .android ? "entries (app × day × analytics label)" : "rows") | \(d.entries)\(skippedNote(file)) |\n"
        md +=
            "| days | \(ISOTimestamp.formatDay(file.timeRange.first)) to \(ISOTimestamp.formatDay(file.timeRange.last)) |\n"
        md +=
            "| messages | \(d.messages) (\(d.platform == .android ? "countMessagesAccepted" : "received_by_apns")) |\n"
        if !d.apps.isEmpty { md += "| apps | \(d.apps.map { "`\($0)`" }.joined(separator: ", ")) |\n" }
        if !d.labels.isEmpty {
            md +=
                "| \(d.platform == .android ? "analytics labels" : "push types") | \(d.labels.joined(separator: ", ")) |\n"
        }
        md += "\n"
        if d.morePages {
            md +=
                "**One page only.** The response has a `nextPageToken`: the API has more entries than this file holds. "
                + "Put every page's `androidDeliveryData` in one list to fit them all.\n\n"
        }
        md +=
            "## Drop\n\n`\(push.key)` = \(ScenarioFormat.percent(push.drop.share)) "
            + "(95% \(ScenarioFormat.percent(push.drop.low))–\(ScenarioFormat.percent(push.drop.high))): "
            + push.dropFields.map { "`\($0)`" }.joined(separator: " + ") + " over all messages.\n\n"
        md +=
            "## Outcomes\n\nEach outcome's share of the messages its group counts, with its 95% interval and what a scenario does with it.\n\n"
        md += "| outcome | meaning | share (95% interval) | messages | in the scenario |\n|---|---|---|---|---|\n"
        for (name, share) in push.shares {
            let (meaning, role) = PushOutcomeRole.describe(name)
            md +=
                "| `\(name)` | \(meaning) | \(ScenarioFormat.percent(share.share)) "
                + "(\(ScenarioFormat.percent(share.low))–\(ScenarioFormat.percent(share.high))) "
                + "| \(ScenarioFormat.number(share.count)) of \(share.total) | \(role) |\n"
        }
        md += "\n"
        if d.platform == .android, let stopped = push.share("droppedAppForceStopped") {
            let s = stopped.share
            md +=
                "**`user.forceStopPerDay`.** \(ScenarioFormat.percent(s)) of messages reached a force-stopped app. The simulator "
                + "drops a message while the app is stopped, until the next app open, so with messages spread over the day this "
                + "share estimates the share of time apps are stopped, s = r / (r + a) for r force stops and a app opens per "
                + "device-day (Poisson opens). So r = a · s / (1 − s) = \(ScenarioFormat.number(s / (1 - s))) × `user.appOpensPerDay`. "
                + "The export does not give a, so `fit` writes no key: multiply by the scenario's own `appOpensPerDay`.\n\n"
        }
        let delays = push.shares.filter {
            [
                "delayedDeviceDoze", "delayedDeviceOffline", "stored_device_offline",
                "stored_power_considerations",
            ].contains($0.name)
        }
        if !delays.isEmpty {
            md +=
                "**Delay shares.** "
                + delays.map { "`\($0.name)` \(ScenarioFormat.percent($0.share.share))" }.joined(separator: ", ")
                + ": no scenario key takes a share of delayed messages. A run makes its delays from the model (Doze and `priority`, "
                + "the device's connectivity, `lowPriorityDelay`), so these are figures to check a scenario's world against, not inputs.\n\n"
        }
        md += "![Outcome shares](fit.svg)\n\n"
        return md
    }

    /// The `uncertainty:` entries of the block below, as a table a person reads.
    static func samplingDistributions(_ fit: TelemetryFit) -> String {
        let (included, omitted) = SamplingDistribution.all(fit)
        var md =
            "## Sampling distributions\n\nFor a scenario's `uncertainty` section (the `uncertainty:` block below): what each "
            + "estimate could have been, treating the parameters as independent (their correlation is ignored).\n\n"
        if !included.isEmpty {
            md += "| key | distribution |\n|---|---|\n"
            for d in included {
                switch d.shape {
                case .lognormal(let median, let sigma):
                    let m = d.unit == .seconds ? ScenarioFormat.duration(median) : ScenarioFormat.number(median)
                    md +=
                        "| `\(d.key)` | lognormal, median \(m), sigma \(ScenarioFormat.number(sigma)) (standard error of its log) |\n"
                case .normal(let mean, let sd):
                    md +=
                        "| `\(d.key)` | normal, mean \(ScenarioFormat.share(mean, sd: sd)), sd \(ScenarioFormat.number(sd)), "
                        + "truncated to [0, 1] |\n"
                }
            }
            md += "\n"
        }
        for key in omitted { md += "`\(key)` is left out: its fit has no interval (singular information).\n\n" }
        if case .appOpens = fit { md += "`user.appOpenHours` is left out: its 24 weights are not one parameter.\n\n" }
        return md
    }

    /// The data table's rows on eligibility; none when no row needed it and no file was given.
    static func eligibilityRows(_ use: EligibilityUse, jobs: Bool = false) -> [(String, String)] {
        switch use {
        case .notNeeded: return []
        case .assumed(let needing) where jobs:
            return [
                (
                    "eligibility",
                    "**assumed** (`--assume-eligible`): \(needing) jobs that Doze can hold, and no Doze periods were given"
                )
            ]
        case .measured(let m) where jobs:
            return [
                (
                    "eligibility periods",
                    "`\(m.path)`: \(m.listed) rows of listed devices"
                        + (m.unlisted > 0 ? ", \(m.unlisted) of devices it does not list" : "")
                ),
                (
                    "wait for the allowed instant",
                    "\(ScenarioFormat.duration(m.heldSeconds)) over the \(m.held) rows held at earliest_run"
                ),
            ]
        case .assumed(let needing):
            return [
                (
                    "eligibility",
                    "**assumed** (`--assume-eligible`): \(needing) requests wait for idle, charging or the network, "
                        + "and no eligibility periods were given"
                )
            ]
        case .measured(let m):
            var rows = [
                (
                    "eligibility periods",
                    "`\(m.path)`: \(m.listed) rows of listed devices"
                        + (m.unlisted > 0 ? ", \(m.unlisted) of devices it does not list" : "")
                ),
                ("held time left out", "\(ScenarioFormat.duration(m.heldSeconds)) over \(m.held) rows"),
            ]
            if m.needing > 0 { rows.append(("rows that wait for idle, charging or the network", "\(m.needing)")) }
            return rows
        }
    }

    /// Says what assuming eligibility does to the fitted delay, or how unlisted devices were fitted.
    static func eligibilityNote(_ use: EligibilityUse, jobs: Bool = false) -> String {
        switch use {
        case .notNeeded: return ""
        case .assumed where jobs:
            return
                "**Eligibility assumed.** A regular WorkManager job never runs in Doze, but the fit was given no Doze periods "
                + "(`--assume-eligible`): each delay counts the wait for a maintenance window or the end of idle too, so the fitted "
                + "delay is longer than the one the simulator draws from the first instant the job may run. Give the periods with "
                + "`--eligibility FILE` (docs/telemetry.md).\n\n"
        case .measured(let m) where jobs:
            guard m.unlisted > 0 else { return "" }
            return
                "**Eligibility assumed for \(m.unlisted) rows** (`--assume-eligible`): `\(m.path)` does not list their devices, "
                + "so their delays count the Doze waits too.\n\n"
        case .assumed:
            return
                "**Eligibility assumed.** These requests run only while the phone is idle, charging or online as they need, "
                + "but the fit was given no periods of those states (`--assume-eligible`): each delay counts the wait for them too, "
                + "so the fitted delay is longer than the one the simulator draws from the first instant a request may run, "
                + "and a scenario set from it waits twice. Give the periods with `--eligibility FILE` (docs/telemetry.md).\n\n"
        case .measured(let m):
            guard m.unlistedNeeding > 0 else { return "" }
            return
                "**Eligibility assumed for \(m.unlistedNeeding) rows** (`--assume-eligible`): they wait for idle, charging or the "
                + "network, and `\(m.path)` does not list their devices, so their delays count those waits too.\n\n"
        }
    }

    static func skippedNote(_ file: TelemetryFile) -> String {
        var note = ""
        if file.skipped.count > 0 {
            note +=
                "; \(file.skipped.count) bad row\(file.skipped.count == 1 ? "" : "s") skipped: "
                + file.skipped.summary.joined(separator: "; ")
        }
        if !file.ignoredColumns.isEmpty { note += "; ignored columns: " + file.ignoredColumns.joined(separator: ", ") }
        return note
    }

    static func dataTable(
        _ file: TelemetryFile, _ delays: DelayFit, extra: [(String, String)], what: String, at: [Double],
        notYet: String
    ) -> String {
        var md = "| | |\n|---|---|\n"
        md += "| file | `\(file.path)` (\(file.kind.rawValue)) |\n| rows used | \(file.rows)\(skippedNote(file)) |\n"
        md +=
            "| dates | \(ISOTimestamp.formatDay(file.timeRange.first)) to \(ISOTimestamp.formatDay(file.timeRange.last)) UTC |\n"
        for (key, value) in extra { md += "| \(key) | \(value) |\n" }
        let events = delays.sample.events
        func q(_ p: Double) -> String {
            ScenarioFormat.duration(events[min(events.count - 1, Int(p * Double(events.count)))])
        }
        md += "| \(what) | p10 \(q(0.1)), median \(q(0.5)), p90 \(q(0.9)) |\n"
        if !delays.sample.censored.isEmpty {
            let c = delays.sample.censored
            md +=
                "| follow-up of censored rows | median \(ScenarioFormat.duration(c[c.count / 2])), "
                + "longest \(ScenarioFormat.duration(c[c.count - 1])) |\n"
        }
        let km = delays.kaplanMeier
        let shown = at.filter { $0 <= km.horizon }
        if !shown.isEmpty {
            md +=
                "| Kaplan–Meier: \(notYet) " + shown.map { ScenarioFormat.duration($0) }.joined(separator: " / ")
                + " | "
                + shown.map { ScenarioFormat.percent(km.value(at: $0)) }.joined(separator: " / ") + " |\n"
        }
        return md + "\n"
    }

    static func proportion(_ p: ProportionEstimate) -> String {
        "\(ScenarioFormat.percent(p.share)) (\(p.count) of \(p.total); 95% \(ScenarioFormat.percent(p.low))–\(ScenarioFormat.percent(p.high)))"
    }

    static func parameter(_ p: FittedParameter) -> String {
        let seconds = p.name.hasSuffix("_s")
        let name = seconds ? String(p.name.dropLast(2)) : p.name
        func f(_ v: Double) -> String {
            v.isFinite ? (seconds ? ScenarioFormat.duration(v) : ScenarioFormat.number(v)) : "?"
        }
        return "\(name) \(f(p.value)) (\(f(p.low))–\(f(p.high)))"
    }

    static func families(_ delays: DelayFit, neverColumn: Bool) -> String {
        var md = "## Families\n\nRanked by AIC (lower is better); intervals are 95%.\n\n"
        md +=
            "| family | parameters (95% interval) |" + (neverColumn ? " never (95% interval) |" : "")
            + " log-likelihood | AIC | ΔAIC | KS gap | bootstrap p |\n"
        md += "|---|---|" + (neverColumn ? "---|" : "") + "---|---|---|---|---|\n"
        let bestAIC = delays.best.aic
        for fit in delays.fits.sorted(by: { $0.aic != $1.aic ? $0.aic < $1.aic : $0.family < $1.family }) {
            let name = fit.family == delays.best.family ? "**\(fit.family.rawValue)**" : fit.family.rawValue
            var row =
                "| \(name)\(fit.converged ? "" : " (did not converge)") | "
                + fit.parameters.map(parameter).joined(separator: ", ") + " |"
            if neverColumn, let never = fit.never {
                row +=
                    " \(ScenarioFormat.share(never.value)) (\(ScenarioFormat.share(never.low))–\(ScenarioFormat.share(never.high))) |"
            }
            row +=
                " \(String(format: "%.1f", fit.logLikelihood)) | \(String(format: "%.1f", fit.aic)) "
                + "| \(String(format: "%.1f", fit.aic - bestAIC)) |"
            row +=
                " \(ScenarioFormat.number(fit.ks)) | \(fit.bootstrapP.map { ScenarioFormat.number($0) } ?? "not run") |\n"
            md += row
        }
        return md + "\n"
    }

    static func verdict(_ delays: DelayFit) -> String {
        let best = delays.best
        var md = "## Verdict\n\n**\(best.family.rawValue)** fits best by AIC"
        let others = delays.fits.filter { $0.family != best.family }.sorted { $0.aic < $1.aic }
        if let next = others.first {
            md += " (next: \(next.family.rawValue), ΔAIC \(String(format: "%.1f", next.aic - best.aic)))"
        }
        md += ". "
        switch delays.acceptable {
        case .some(true):
            md +=
                "Its fit is **acceptable**: a Kaplan–Meier gap as large as \(ScenarioFormat.number(best.ks)) happened in "
                + "\(ScenarioFormat.percent(best.bootstrapP!)) of \(best.bootstrapReplicates) data sets simulated from the fit (p ≥ 0.05).\n\n"
        case .some(false):
            md +=
                "Its fit is **not acceptable**: the gap \(ScenarioFormat.number(best.ks)) is larger than almost all gaps of data sets "
                + "simulated from the fit (bootstrap p \(ScenarioFormat.number(best.bootstrapP!))). No single family describes these "
                + "delays; consider a `mixture` or an `empirical` distribution in the scenario.\n\n"
        case .none:
            md +=
                "Whether the fit is acceptable is not judged: no bootstrap ran (`--bootstrap N` gives the gap a p-value).\n\n"
        }
        if let method = best.neverInterval {
            switch method {
            case .logitWald: md += "The interval for never is a Wald interval on the logit scale.\n\n"
            case .bootstrapPercentile:
                md += "The interval for never is the percentile interval of the bootstrap's refits.\n\n"
            case .profileLikelihood:
                md +=
                    "never = 0 is not rejected here, so its interval is the profile-likelihood interval, which starts at 0.\n\n"
            case .noCensoredRows:
                md +=
                    "No row was censored, so never is estimated as 0; its upper bound is the profile-likelihood bound 1 − exp(−3.84 / 2n).\n\n"
            }
        }
        return md + "![Kaplan–Meier curve against the fitted survival curves](fit.svg)\n\n"
    }

    static func method(_ fit: TelemetryFit) -> String {
        var md = "## Method\n\n"
        switch fit {
        case .backgroundLaunches(let bg) where bg.data.workJobs:
            md +=
                "- Allowed instant A = the first instant at or after earliest_run outside the device's Doze periods (and its charger "
                + "and network gaps when the job requires them). Delay = ran_at − A. A job that ran at the end of a Doze period that "
                + "began after A came due inside it: right-censored at that period's start − A. A job not seen to run is right-censored "
                + "at observed_until − A (or at the start of the Doze period observation stopped in). This is the delay the simulator "
                + "draws (docs/model.md §2, WorkManager).\n"
            md +=
                "- No `never` share (the model has none for jobs). A ran row adds log f(t), a censored row log S(c). Maximum "
                + "likelihood with GSL's BFGS on log scale/shape.\n"
            md += bootstrapNote(bg.delays)
        case .backgroundLaunches(let bg):
            if case .notNeeded = bg.data.eligibility {
                md +=
                    "- Delay = launched_at − max(submitted_at, earliest_begin); "
                    + "a request not seen to launch is right-censored at observed_until.\n"
            } else {
                md +=
                    "- Delay = the eligible time from max(submitted_at, earliest_begin) to launched_at: time in a period of one of the "
                    + "states that hold the request (Low Power Mode, force-quit; offline with requires_network; not idle for a processing "
                    + "request; not charging with requires_power) is neither delay nor follow-up. A request not seen to launch is "
                    + "right-censored at its eligible time to observed_until. This is the delay the simulator draws "
                    + "(docs/model.md §2, \"iOS BG requests\").\n"
            }
            md +=
                "- Mixture-cure model: a share never that never runs, the rest delayed by the family. A launched row adds "
                + "log((1 − never)·f(t)), a censored row log(never + (1 − never)·S(c)). Maximum likelihood with GSL's BFGS on "
                + "log scale/shape and logit never.\n"
            md += bootstrapNote(bg.delays)
        case .fetchAttempts(let fetch):
            md +=
                "- Latency = finished_at − started_at of `ok` and `empty` rows; "
                + "`timeout` rows are censored at their duration; `error` rows carry no latency.\n"
            md += "- Maximum likelihood with GSL's BFGS on log scale/shape; shares with Wilson 95% intervals.\n"
            md += bootstrapNote(fetch.latency)
        case .pushDelivery(let push):
            let denominator = push.data.platform == .android ? "countMessagesAccepted" : "received_by_apns"
            md +=
                "- Each share is pooled over the export's days: Σ (\(denominator) × the day's share) / Σ \(denominator), "
                + "so a busy day weighs more than a quiet one.\n"
            md +=
                "- 95% intervals: Jeffreys, the 2.5% and 97.5% quantiles of Beta(x + ½, n − x + ½) (GSL), 0 or 1 at the bounds. "
                + "They treat messages as independent; messages to one device are not, so the true spread is wider (a judgement).\n"
            md += "- The `uncertainty:` block's sd is (high − low) / (2 · 1.96), as for other shares.\n"
        case .appOpens:
            md +=
                "- Each device's opens divided by the days of the file's window (local calendar days, first to last open), "
                + "then averaged across devices; the interval is a t-interval across devices.\n"
            md +=
                "- Hour weights: each local hour's share of all opens × 24 (mean 1), local time from the row's time_zone, else UTC.\n"
        }
        return md
    }

    static func bootstrapNote(_ delays: DelayFit) -> String {
        let percentile = delays.fits.contains(where: \.percentileIntervals)
        var md =
            percentile
            ? "- Parameter intervals: parametric bootstrap percentile (Efron & Tibshirani 1993, ch. 13), the (B + 1)·2.5% and "
                + "(B + 1)·97.5% order statistics of each parameter's \(delays.options.bootstrap) refits below; they cover the true "
                + "value in 95% of data sets (checked by the coverage tests).\n"
            : "- Parameter intervals: Wald on the transformed scale from the observed information (numerical Hessian), mapped back"
                + (delays.options.bootstrap > 0
                    ? " (fewer than \(BootstrapOutcome.minimumForIntervals) replicates: "
                        + "too few for percentile intervals).\n"
                    : " (no bootstrap ran; with one, the percentile intervals).\n")
        md += "- KS gap: the largest vertical distance between the Kaplan–Meier curve and the fitted survival curve.\n"
        if delays.options.bootstrap > 0 {
            md +=
                "- Bootstrap p: \(delays.options.bootstrap) data sets per family simulated from the fit with the rows' own follow-up times, "
                + "refitted; p = (1 + #gaps ≥ observed) / (replicates + 1). Seed \(delays.options.seed) (mt19937).\n"
        }
        return md
    }
}
