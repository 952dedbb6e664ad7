import DNSimAnalysis
import DNSimCore
import DNSimScenario
import Foundation

/// `summary.md`: the report a person reads top to bottom.
public enum SummaryMarkdown {
    static func percent(_ value: Double) -> String { FigureText.percent(value) }
    /// Percentage points with two decimals; a significant difference gets
    /// as many more as it needs to keep its sign (−0.003 pp, not +0.00 pp).
    static func points(_ value: Double, significant: Bool = false) -> String {
        var decimals = 2
        while significant, decimals < 6, (value * 100 * pow(10, Double(decimals))).rounded() == 0 { decimals += 1 }
        let shown = (value * 100 * pow(10, Double(decimals))).rounded() / pow(10, Double(decimals))
        return String(format: "%+.\(decimals)f pp", shown == 0 ? 0 : shown)
    }

    static func rateCell(_ statistics: ArmStatistics, _ metric: RateMetric) -> String {
        let interval = statistics.interval(metric)
        return
            "\(percent(statistics.rate(metric))) [\(String(format: "%.1f", interval.low * 100))–\(String(format: "%.1f", interval.high * 100))]"
    }

    static func seconds(_ millis: Int64?) -> String { FigureText.seconds(millis) }

    /// Several durations in one cell (`2.0 s / 5.2 s / 12.0 s`, `21.9 min / 8.5 h`): each in its own
    /// unit but all with one decimal, so no figure looks more or less precise than its neighbours.
    static func seconds(_ values: [Int64?]) -> String {
        values.map { value in
            guard let value, value >= 10_000, value < 120_000 else { return seconds(value) }
            return String(format: "%.1f s", Double(value) / 1000)
        }.joined(separator: " / ")
    }

    /// The arms table, shared with the terminal summary.
    public static func armsTable(_ context: ReportContext) -> TextTable {
        var table = TextTable(
            header: ["arm"] + SummaryColumns.rates.map(\.name) + ["lateness p50 / p90 / p99"],
            rightAligned: Set(1...(SummaryColumns.rates.count + 1)))
        for (index, arm) in context.plan.arms.enumerated() {
            let s = context.result.arms[index]
            table.rows.append(
                [arm.name] + SummaryColumns.rates.map { rateCell(s, $0) }
                    + [seconds([s.lateness.quantile(0.5), s.lateness.quantile(0.9), s.lateness.quantile(0.99)])])
        }
        return table
    }

    /// The report; a scenario with a sweep leads with the comparison it makes. `analysis`, when
    /// given, is the one summary.json renders too (`ReportWriter` decides it once).
    public static func render(_ context: ReportContext, sweep: SweepReport? = nil, analysis: ReportAnalysis? = nil)
        -> String
    {
        let analysis = analysis ?? ReportAnalysis(context)
        let scenario = context.scenario
        let plan = context.plan
        var md = "# \(title(context))\n\n" + opening(context) + "\n\n"
        if let note = precisionNote(context) { md += note + "\n\n" }

        if let sweep, !sweep.rows.isEmpty {
            md += "## The comparison\n\n"
            md +=
                "This scenario compares \(sweep.axes.map { "`\($0)`" }.joined(separator: " × ")) on the same devices and random world "
            md += "(common random numbers). Share of cycles per outcome. " + sweep.frontSentence
            md += " Intervals, the chart and the full columns are in [sweep.md](sweep.md) and `sweep.csv`; "
            md += "the sections after this one describe the scenario as written.\n\n"
            md += sweep.comparisonTable.markdown() + "\n" + sweep.thresholdWarnings
        }

        md += recommendationSection(context, analysis.recommendations)
        md += "## Verdict\n\n"
        for verdict in analysis.verdicts { md += VerdictSentence.render(verdict, context) + "\n\n" }
        md += perUpdateVerdict(context)

        md += "## Arms\n\nShare of cycles with each outcome, with its 95% interval in brackets. "
        md += intervalNote(context) + " `late` means shown more than \(seconds(plan.lateAfter)) after T.\n\n"
        md += armsTable(context).markdown() + "\n"
        for (index, arm) in plan.arms.enumerated() {
            if let warning = ThresholdShare(context.result.arms[index]).warning(arm.name, lateAfter: plan.lateAfter) {
                md += warning + "\n\n"
            }
        }
        md += segmentsSection(context)
        md += installBaseSection(context)
        md += spreadSection(context)

        md += "### Freshness and cost\n\n" + costsTable(context).markdown() + "\n"
        md += perUpdateSection(context)
        if scenario.isLifecycleActive { md += lifecycleSection(context) }

        md += "## Paired differences\n\n"
        if context.result.pairs.isEmpty {
            md += "Only one strategy runs on each platform, so there is nothing to compare.\n\n"
        } else {
            md += "Same devices, same random world (common random numbers): the mean per-device difference "
            md +=
                "with its 95% t-interval over devices. **Bold** marks differences whose interval, as shown, excludes zero; the verdict "
            md +=
                "counts a difference only when it is also at least \(String(format: "%.1f", OutcomeTies.practicalThreshold * 100)) pp "
                + "(smaller ones are ties).\n\n"
            if Platform.allCases.flatMap({ ArmComparison.all(context, $0) }).count < context.result.pairs.count {
                md +=
                    "With three or more strategies on a platform, each is set against one reference: the best local strategy "
                md += "(independent or chained), or the leading one when none runs; summary.json has every pair.\n\n"
            }
            md += pairedDifferencesTable(context).markdown() + "\n"
        }

        md += "## Charts\n\n"
        md += "![Outcome mix per arm](outcome-mix.svg)\n\n"
        md += "![Lateness CDF per arm](lateness-cdf.svg)\n\n"
        md += "![Update delay CDF per arm](update-delay-cdf.svg)\n\n"

        md += "## Scenario\n\n" + recap(context) + "\n"
        md += "## Reproduce\n\n```sh\n\(context.reproduceCommand)\n```\n\n"
        md += "The same scenario and seed give byte-identical reports on every run, whatever `--jobs`.\n"
        return md
    }

    /// The report's title: the scenario's name and what the report is.
    public static func title(_ context: ReportContext) -> String {
        "\(context.scenario.name): notification policy report"
    }

    /// The sentence under the title: what ran, how many devices, days and arms, and by which version.
    public static func opening(_ context: ReportContext) -> String {
        let scenario = context.scenario, plan = context.plan
        return "Scenario `\(scenario.file)`, seed \(plan.seed): \(plan.devices) device(s) × \(context.days) day(s) "
            + "from \(scenario.start) (\(scenario.timeZone.identifier)), "
            + "\(context.cyclesPerDevice) notification cycle(s) per device, "
            + "\(plan.arms.count) arm(s). dnsim-events \(ToolVersion.current)."
    }

    /// `### Freshness and cost`: content age, update delay, lost updates and what each arm costs per device-day.
    public static func costsTable(_ context: ReportContext) -> TextTable {
        let plan = context.plan
        let pushes = plan.arms.contains { $0.strategy.kind == .push }
        // `metrics.maxContentAge` adds its share (docs/model.md §4, "within age"); without it the table is as before.
        let age = plan.maxContentAge.map { "within \(SimTime.written($0))" }
        let header =
            ["arm", "content age p50"] + (age.map { [$0] } ?? [])
            + [
                "update delay p50 / p95", "lost updates", "BG runs / day", "fetches / day", "server requests / day",
                "alarm wake-ups / day",
            ] + (pushes ? ["pushes / day"] : [])
        var costs = TextTable(header: header, rightAligned: Set(1..<header.count))
        for (index, arm) in plan.arms.enumerated() {
            let s = context.result.arms[index]
            func perDay(_ counter: Counter) -> String {
                String(format: "%.2f", s.perDeviceDay(counter, days: context.days))
            }
            costs.rows.append(
                [
                    arm.name, seconds(s.contentAge.quantile(0.5)),
                ]
                    + (age == nil
                        ? []
                        : [
                            s.withinAgeInterval.map {
                                let (low, high) = (
                                    String(format: "%.1f", $0.low * 100), String(format: "%.1f", $0.high * 100)
                                )
                                return "\(percent(s.withinAgeRate ?? 0)) [\(low)–\(high)]"
                            } ?? ""
                        ]) + [
                        seconds([s.updateDelay.quantile(0.5), s.updateDelay.quantile(0.95)]),
                        "\(s.sum(.lostUpdates)) (\(percent(s.ratio(.lostUpdates))))",
                        perDay(.backgroundRuns), perDay(.fetches), perDay(.serverRequests), perDay(.alarmWakeups),
                    ] + (pushes ? [perDay(.pushes)] : []))
        }
        return costs
    }

    /// `## Paired differences`: each comparison's mean per-device difference per compared rate, with its interval.
    public static func pairedDifferencesTable(_ context: ReportContext) -> TextTable {
        let plan = context.plan
        var table = TextTable(
            header: ["platform", "comparison", "metric", "difference", "95% interval"], rightAligned: [3, 4])
        let comparisons = Platform.allCases.flatMap { ArmComparison.all(context, $0) }
        for comparison in comparisons {
            let a = plan.arms[comparison.minuend], b = plan.arms[comparison.subtrahend]
            for metric in PlatformVerdict.comparedMetrics {
                guard let interval = comparison.interval(context, metric) else { continue }
                let clear = OutcomeTies.clearOfZero(interval)
                let text = points(interval.estimate, significant: clear)
                let low = OutcomeTies.roundedAsShown(interval.low * 100),
                    high = OutcomeTies.roundedAsShown(interval.high * 100)
                table.rows.append([
                    a.platform.rawValue, "\(a.strategy.label) − \(b.strategy.label)", metric.name,
                    clear ? "**\(text)**" : text,
                    "[\(String(format: "%+.2f", low)), \(String(format: "%+.2f", high))]",
                ])
            }
        }
        return table
    }

    /// How the precision target went, in one sentence.
    static func precisionNote(_ context: ReportContext) -> String? {
        guard let precision = context.precision else { return nil }
        return "Precision target: every rate's 95% interval within ±"
            + String(format: "%.2f", precision.target.halfWidth * 100)
            + " pp. " + (precision.reached ? "Reached" : "Not reached at the cap of \(precision.target.maxDevices)")
            + " with \(context.plan.devices) devices (widest ±" + String(format: "%.2f", precision.widest * 100)
            + " pp)."
    }

    static func intervalNote(_ context: ReportContext) -> String {
        context.plan.devices > 1
            ? "Intervals are t-intervals of the per-device rates across the \(context.plan.devices) devices (docs/model.md §4)."
            : "With a single device, intervals are Wilson score intervals over its cycles "
                + "(cycles of one device are correlated, so read them as optimistic)."
    }

    static func describe(_ distribution: Distribution) -> String {
        switch distribution {
        case .fixed(let v): return "fixed \(seconds(v))"
        case .exponential(let mean): return "exponential (mean \(seconds(Millis(mean))))"
        case .lognormal(let median, let sigma): return "lognormal (median \(seconds(Millis(median))), σ \(sigma))"
        case .uniform(let low, let high): return "uniform \(seconds(Millis(low)))–\(seconds(Millis(high)))"
        case .gamma(let shape, let scale): return "gamma (shape \(shape), scale \(seconds(Millis(scale))))"
        case .weibull(let shape, let scale): return "Weibull (shape \(shape), scale \(seconds(Millis(scale))))"
        case .empirical(let points):
            return "empirical CDF (\(points.count) points, mean \(seconds(Millis(distribution.mean))))"
        case .mixture(let components):
            return "mixture of \(components.count) (mean \(seconds(Millis(distribution.mean))))"
        }
    }

    static func recap(_ context: ReportContext) -> String {
        // A fleet of one segment runs every device in that segment's scenario.
        let s = context.scenario.fleet.count == 1 ? context.scenario.fleet[0].scenario : context.scenario
        var lines: [String] = []
        lines.append(
            "- **Plugin:** fetch `\(s.fetchSchedule.text)`\(s.plugin.fetchEnabled ? "" : " (disabled)"), notify `\(s.notifySchedule.text)`, "
                + "contentTimeout \(s.plugin.contentTimeout) ms, fallbackBehavior `\(s.plugin.fallbackBehavior.rawValue)`; "
                + "fallback copy “\(s.plugin.fallbackTitle)” / “\(s.plugin.fallbackBody)”.")
        if let ios = s.ios {
            lines.append(
                "- **iOS:** \(ios.taskKind.rawValue) task, delay \(describe(ios.delay)) after earliestBeginDate, "
                    + "never run \(percent(ios.never)), budget \(seconds(ios.budget)); notification delay \(describe(ios.notificationDelay))."
            )
        }
        if let android = s.android {
            lines.append(
                "- **Android:** the plugin's alarms are \(android.firingAlarm); fetch alarm delay \(describe(android.fetchAlarmDelay)); "
                    + "notification delay \(describe(android.notificationDelay)).")
        }
        lines.append(
            "- **Fetch:** latency \(describe(s.fetch.latency)), failure \(percent(s.fetch.failure)) per attempt.")
        lines.append(
            "- **Server:** \(s.server.updatesPerDay) updates per day across \(s.server.starredPlans) starred project(s)."
        )
        var user = "- **User:** \(s.user.appOpensPerDay) app opens per day"
        if s.user.forceQuitPerDay > 0 { user += ", \(s.user.forceQuitPerDay) force-quits per day" }
        user += s.user.tokenLifetime.map { ", JWT pool lasts \(seconds($0))." } ?? ", JWT never lapses."
        lines.append(user)
        if s.isLifecycleActive {
            var parts: [String] = []
            if s.user.disablePerDay > 0 {
                parts.append(
                    "New Activity turned off \(s.user.disablePerDay) times a day, for \(describe(s.user.disabledFor))")
            }
            if s.user.timeChangePerDay > 0 {
                parts.append(
                    "its time moved \(s.user.timeChangePerDay) times a day, to "
                        + s.lifecycle.notifyTimes.map(\.text).joined(separator: ", "))
            }
            if s.user.starredChangePerDay > 0 || s.user.emptyStarredShare > 0 {
                parts.append(
                    "starred projects edited \(s.user.starredChangePerDay) times a day, "
                        + "the list empty \(percent(s.user.emptyStarredShare)) of the time")
            }
            if !s.plugin.defects.isEmpty {
                parts.append(
                    "plugin defects " + s.plugin.defects.map { "`\($0.rawValue)`" }.sorted().joined(separator: ", "))
            }
            if let reminder = s.lifecycle.reminder {
                parts.append(
                    "Daily Reminder `\(reminder.schedule.text)`, which the user has turned \(reminder.wanted ? "on" : "off")"
                        + (s.lifecycle.appDefects.isEmpty
                            ? ""
                            : "; app defects "
                                + s.lifecycle.appDefects.map { "`\($0.rawValue)`" }.sorted().joined(separator: ", ")))
            }
            lines.append("- **Lifecycle:** " + (parts.isEmpty ? "none" : parts.joined(separator: "; ")) + ".")
        }
        if s.strategies.contains(where: { $0.kind == .push }) {
            let defaults = "the scenario has no `push:` block here, so these are the documented defaults (docs/push.md)"
            if let ios = s.ios {
                let push = ios.push
                lines.append(
                    "- **iOS push (APNs):** alert delay \(describe(push.alert.delay)), lost \(percent(push.alert.drop)); "
                        + "stored \(seconds(push.storeFor)) for an offline device; NSE budget \(seconds(push.nseBudget)), filtering "
                        + "\(push.filtering ? "on" : "off"); background delay \(describe(push.background.delay)), lost \(percent(push.background.drop))"
                        + (s.platformsWithPushBlock.contains(.ios) ? "." : "; \(defaults)."))
            }
            if let android = s.android {
                let push = android.push
                lines.append(
                    "- **Android push (FCM):** delay \(describe(push.delivery.delay)), lost \(percent(push.delivery.drop)); "
                        + "stored \(seconds(push.storeFor)) for an offline device; priority `\(push.priority.rawValue)`, "
                        + "handler budget \(seconds(push.handlerBudget))"
                        + (s.platformsWithPushBlock.contains(.android) ? "." : "; \(defaults)."))
            }
        }
        if s.fleet.count > 1 { lines.append(fleetLine(s.fleet)) }
        for strategy in s.strategies {
            var options: [String] = []
            func guardOptions() {
                options.append("guard `\(strategy.guardPolicy.rawValue)`")
                if strategy.guardPolicy == .deadline {
                    options.append("guardHorizon \(seconds(strategy.guardHorizon))")
                }
            }
            switch strategy.kind {
            case .independent: options.append("staleContent `\(strategy.staleContent.rawValue)`")
            case .chained: guardOptions()
            case .push:
                options.append("kind `\(strategy.pushKind.rawValue)`")
                if strategy.pushKind == .background { guardOptions() }
            case .onNews:
                // Measured per server update; none of the cycle options apply.
                lines.append(
                    "- **Strategy `\(strategy.label)`:** onNews, interval \(seconds(strategy.newsInterval)); its rows count server updates."
                )
                continue
            }
            options.append("onEmpty `\(strategy.onEmpty.rawValue)`")
            if let defects = strategy.defects {
                options.append(
                    "defects "
                        + (defects.isEmpty
                            ? "none" : defects.map { "`\($0.rawValue)`" }.sorted().joined(separator: ", ")))
            }
            options.append("carryUnshown \(strategy.carryUnshown)")
            lines.append(
                "- **Strategy `\(strategy.label)`:** \(strategy.kind.rawValue), " + options.joined(separator: ", ")
                    + ".")
        }
        let comment = s.headerComment
        if comment.isEmpty {
            lines.append("- The scenario file cites no calibration sources (no comment block at its top).")
        } else {
            lines.append("\n**Calibration, from the scenario file:**\n")
            lines += comment.map { $0.isEmpty ? ">" : "> " + $0 }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `## Recommendation`, when the scenario states an objective; a study's file is linked.
    static func recommendationSection(_ context: ReportContext, _ recommendations: [ObjectiveRecommendation]) -> String
    {
        guard let objective = context.scenario.objective else { return "" }
        var md = "## Recommendation\n\n"
        if context.scenario.uncertainty != nil {
            md +=
                "Over the uncertain conditions, see [uncertainty.md](uncertainty.md): it recommends from every world of the study. "
            md += "This section takes the scenario as written, one assumed world.\n\n"
        }
        md += "Utility per cycle = \(objective.formula)"
        md +=
            objective.constraints.isEmpty
            ? "" : "; constraints: \(objective.constraints.map { "`\($0.text)`" }.joined(separator: ", "))"
        md += "; differences below \(ObjectiveRecommendation.number(objective.tie)) are ties.\n\n"
        for recommendation in recommendations { md += recommendation.sentence(context.plan.arms) + "\n\n" }
        if recommendations.contains(where: \.intervalLeavesOutCounters) {
            md +=
                "The intervals cover the outcome terms; the lost-update and cost terms are in the estimates, not in the intervals.\n\n"
        }
        return md
    }
}
