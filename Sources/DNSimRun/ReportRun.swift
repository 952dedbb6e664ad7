import DNSimAnalysis
import DNSimCore
import DNSimReports
import DNSimScenario
import Foundation

/// The main use case: run a scenario (its sweep points and study worlds too), write its report
/// folder, and with `telemetry` the devices' logs in the formats `fit` reads. Nothing is written
/// unless everything is: a failure leaves what was there before.
public enum ReportRun {
    /// What to write besides the report.
    public struct Options: Sendable {
        /// The report's formats (`csv`, `md`, `json`).
        public var formats: Set<String>
        /// Also write `cycles.csv`.
        public var cycles: Bool
        /// Also write the telemetry logs to this folder.
        public var telemetry: String?
        /// `--until-stable`: grow a study's worlds up to this many (`StudyRun.grow`); nil, its written samples.
        public var untilStable: Int?

        public init(
            formats: Set<String> = ["csv", "md"], cycles: Bool = false, telemetry: String? = nil,
            untilStable: Int? = nil
        ) {
            self.formats = formats
            self.cycles = cycles
            self.telemetry = telemetry
            self.untilStable = untilStable
        }
    }

    /// What was run and written.
    public struct Written {
        public let context: ReportContext
        public let sweep: SweepReport?
        public let study: UncertaintyStudy?
        /// The study's analysis, the one its files were written from.
        public let studyAnalysis: UncertaintyAnalysis?
        public let directory: String
        /// Every file written into `directory`.
        public let files: [String]
        /// The telemetry folder, the files written there and the logs left out for having no rows.
        public let telemetry: (folder: String, written: [String], skipped: [String])?
    }

    public static func run(
        _ scenario: Scenario, points: [SweepPoint], worlds: [UncertaintyWorld] = [], _ overrides: RunOverrides,
        jobs: Int, options: Options, directory: String, feedback: RunFeedback
    ) throws -> Written {
        let plan = try ScenarioRuns.plan(scenario, overrides)
        // The scenario is never written over, whatever --out or --emit-telemetry say.
        let policy = OutputPathPolicy(inputs: [(scenario.file, "the scenario being run")])
        let staging = try ReportStaging(
            directory: directory, cycles: options.cycles, plan: plan,
            maxDevices: overrides.devices == nil ? scenario.precision?.maxDevices ?? 0 : 0, feedback: feedback)
        defer { staging.discard() }
        let telemetry = options.telemetry.map {
            ($0, TelemetryLog(arms: plan.arms, timeZone: scenario.timeZone.identifier))
        }
        let observers: [any RunObserver] = [staging.cycleLog as (any RunObserver)?, telemetry?.1].compactMap { $0 }
        // A sweep shows one display over the scenario and every point, not one per point.
        let progress =
            points.isEmpty
            ? nil
            : feedback.progress.map { makeProgress in
                SweepProgress(
                    bar: makeProgress("\(scenario.name) sweep (\(points.count) points + the scenario)"),
                    runs: points.count + 1, devices: plan.devices)
            }
        defer { progress?.finish() }
        let context = try ScenarioRuns.run(
            scenario, overrides, jobs: jobs, feedback: feedback, observers: observers,
            progress: progress?.run(0))
        var sweep: SweepReport?
        if !points.isEmpty {
            var report = SweepReport(
                scenario: scenario, seed: context.plan.seed, reproduceCommand: context.reproduceCommand)
            for (index, point) in points.enumerated() {
                report.add(
                    point,
                    try ScenarioRuns.run(
                        point.scenario, overrides, jobs: jobs, feedback: feedback,
                        progress: progress?.run(index + 1)))
            }
            sweep = report
        }
        progress?.finish()
        let study = try StudyRun.run(
            scenario, worlds: worlds, overrides, jobs: jobs, feedback: feedback,
            reproduceCommand: context.reproduceCommand, untilStable: options.untilStable)
        // Made once (its bootstrap is the study's slowest step): the files and the caller's summary both read it.
        let studyAnalysis = study.map(UncertaintyAnalysis.init)
        let files = ReportWriter.files(
            context, formats: options.formats, sweep: sweep, study: study, studyAnalysis: studyAnalysis)
        var moved: [(String, URL)] = []
        // The telemetry is staged before the report is written: on a full disk neither is, and the exit code says so.
        var telemetryStaging: (staging: URL, written: [String], skipped: [String])?
        defer { telemetryStaging.map { StagingFolders.remove($0.staging) } }
        let unchanged = FileManager.default.fileExists(atPath: directory) ? "the report already in \(directory)/" : nil
        let targets = ["\(directory)/"] + (telemetry.map { ["\($0.0)/"] } ?? [])
        do {
            moved = try staging.assembled()
            if let (folder, log) = telemetry { telemetryStaging = try log.stage(for: folder, policy: policy) }
        } catch {
            throw OutputFailure.nothingWritten(to: targets, error, unchanged: unchanged)
        }
        do {
            try ReportWriter.write(files, moving: moved, to: directory, policy: policy)
        } catch {
            throw OutputFailure.nothingWritten(to: targets, error, unchanged: unchanged)
        }
        var telemetryWritten: (folder: String, written: [String], skipped: [String])?
        if let (folder, log) = telemetry, let telemetryStaging {
            do { try log.commit(telemetryStaging.staging, files: telemetryStaging.written, to: folder) } catch {
                throw OutputFailure(
                    "\(WriteFailure(path: folder, error: error)); the report was written to \(directory)/, "
                        + "but the telemetry to \(folder)/ was not")
            }
            telemetryWritten = (folder, telemetryStaging.written, telemetryStaging.skipped)
        }
        return Written(
            context: context, sweep: sweep, study: study, studyAnalysis: studyAnalysis, directory: directory,
            files: files.map(\.0) + moved.map(\.0),
            telemetry: telemetryWritten)
    }
}
