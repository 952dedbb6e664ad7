import DNSimAnalysis
import DNSimCore
import Foundation

/// The page of a report folder (`report.html`): what summary.md says, in its order, from the same
/// analysis and table models, with the charts inline and, for a study, each platform's decision
/// (`StudyPage`). `charts` are the folder's files by name, so a chart is the SVG its own file holds.
public enum SummaryPage {
    public typealias Study = (study: UncertaintyStudy, analysis: UncertaintyAnalysis)

    public static func build(
        _ context: ReportContext, analysis: ReportAnalysis, charts: [String: String],
        sweep: SweepReport? = nil, study: Study? = nil
    ) -> ReportPage {
        let plan = context.plan
        var page = ReportPage(
            title: SummaryMarkdown.title(context),
            lead: [.paragraph(SummaryMarkdown.opening(context))])
        if let note = SummaryMarkdown.precisionNote(context) { page.lead.append(.paragraph(note)) }
        func figure(_ file: String, _ caption: String) -> [ReportPage.Block] {
            charts[file].map { [.figure(svg: $0, file: file, caption: caption)] } ?? []
        }

        if let study {
            for section in StudyPage.sections(study.study, study.analysis, charts: charts) { page.add(section) }
        }
        if let sweep, !sweep.rows.isEmpty {
            let axes = sweep.axes.map { "`\($0)`" }.joined(separator: " × ")
            var blocks: [ReportPage.Block] = [
                .paragraph(
                    "This scenario compares \(axes) on the same devices and random world (common random "
                        + "numbers). Share of cycles per outcome. " + sweep.frontSentence),
                .table(sweep.comparisonTable),
            ]
            blocks += sweep.thresholdWarnings.split(separator: "\n").map { .warning(String($0)) }
            blocks += figure("sweep.svg", "Outcome mix and late rate, per point and arm")
            page.add(.init(study == nil ? "The comparison" : "The sweep", blocks))
        }
        if let objective = context.scenario.objective {
            var blocks: [ReportPage.Block] = []
            if context.scenario.uncertainty != nil {
                blocks.append(
                    .paragraph(
                        "The scenario as written, one assumed world "
                            + "(the decision under uncertainty is above)."))
            }
            let constraints = objective.constraints.map { "`\($0.text)`" }.joined(separator: ", ")
            blocks.append(
                .paragraph(
                    "Utility per cycle = \(objective.formula)"
                        + (objective.constraints.isEmpty ? "" : "; constraints: \(constraints)")
                        + "; differences below \(ObjectiveRecommendation.number(objective.tie)) are ties."))
            blocks += analysis.recommendations.map { .paragraph($0.sentence(plan.arms)) }
            page.add(.init("Recommendation", blocks))
        }
        page.add(
            .init(
                "Verdict",
                analysis.verdicts.map { .paragraph(VerdictSentence.render($0, context)) }
                    + ReportPage.paragraphs(SummaryMarkdown.perUpdateVerdict(context))))

        var arms: [ReportPage.Block] = [
            .paragraph(
                "Share of cycles with each outcome, with its 95% interval in brackets. "
                    + SummaryMarkdown.intervalNote(context)
                    + " `late` means shown more than \(SummaryMarkdown.seconds(plan.lateAfter)) after T."),
            .table(SummaryMarkdown.armsTable(context)),
        ]
        for (index, arm) in plan.arms.enumerated() {
            let share = ThresholdShare(context.result.arms[index])
            if let warning = share.warning(arm.name, lateAfter: plan.lateAfter) { arms.append(.warning(warning)) }
        }
        page.add(.init("Arms", arms))
        if let table = SummaryMarkdown.segmentsTable(context) {
            page.add(
                .init(
                    "By fleet segment",
                    [
                        .paragraph(
                            "Share of each segment's cycles with each outcome. `share` is the segment's nominal "
                                + "share of the fleet (its `share:` in the scenario); `devices` is how many devices the run "
                                + "drew into it, so the realised share is devices over the arm's devices. Intervals and every "
                                + "column are in `segments.csv`."),
                        .table(table),
                    ], subsection: true))
        }
        if let base = InstallBase(context) {
            page.add(
                .init(
                    "Whole install base",
                    [
                        .paragraph(
                            "Each strategy's arms merged over the platforms, in the fleet's platform shares, "
                                + "with the 95% interval across devices."),
                        .table(SummaryMarkdown.installBaseTable(context, base)),
                    ], subsection: true))
        }
        page.add(
            .init(
                "Spread over devices",
                [
                    .paragraph(
                        "Each device's own fresh and missed rates as quantiles over devices, and the share of "
                            + "devices fresh less than \(SummaryMarkdown.percent(plan.deviceFreshBelow)) of the time "
                            + "(`metrics.deviceFreshBelow`)."),
                    .table(SummaryMarkdown.spreadTable(context)),
                ] + figure("device-fresh.svg", "Per-device fresh rate per arm"), subsection: true))
        page.add(.init("Freshness and cost", [.table(SummaryMarkdown.costsTable(context))], subsection: true))
        if let table = SummaryMarkdown.perUpdateTable(context) {
            page.add(
                .init(
                    "Per server update",
                    [
                        .paragraph(
                            "`onNews` counts server updates, not cycles: fresh is shown within "
                                + "`metrics.freshWithin` of publication."),
                        .table(table),
                    ], subsection: true))
        }
        if context.scenario.isLifecycleActive {
            page.add(
                .init(
                    "Lifecycle",
                    [
                        .paragraph("Counts per 1,000 device-days with their 95% intervals; `off` cycles are not due."),
                        .table(SummaryMarkdown.lifecycleTable(context)),
                    ], subsection: true))
        }
        page.add(
            .init(
                "Paired differences",
                context.result.pairs.isEmpty
                    ? [.paragraph("Only one strategy runs on each platform, so there is nothing to compare.")]
                    : [
                        .paragraph(
                            "Same devices, same random world: the mean per-device difference with its 95% "
                                + "t-interval over devices. **Bold** marks differences whose interval, as shown, excludes zero."
                        ),
                        .table(SummaryMarkdown.pairedDifferencesTable(context)),
                    ]))
        page.add(
            .init(
                "Charts",
                figure("outcome-mix.svg", "Outcome mix per arm")
                    + figure("lateness-cdf.svg", "Lateness CDF per arm")
                    + figure("update-delay-cdf.svg", "Update delay CDF per arm")))

        var reproduce: [ReportPage.Block] = [.code(context.reproduceCommand)]
        if let study, study.study.reproduceCommand != context.reproduceCommand {
            reproduce += [.paragraph("The study:"), .code(study.study.reproduceCommand)]
        }
        reproduce.append(
            .paragraph(
                "The same scenario and seed give byte-identical reports on every run, "
                    + "whatever `--jobs`. The scenario's settings and calibration sources are in [summary.md](summary.md)."
            ))
        page.add(.init("Reproduce", reproduce))
        return page
    }
}
