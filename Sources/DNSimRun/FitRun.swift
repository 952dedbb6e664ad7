import DNSimFit
import DNSimReports
import DNSimScenario
import DNSimText
import Foundation

/// `fit`'s use case: a telemetry file read (with its eligibility periods), fitted, its report written
/// to its folder and, with `into`, the fitted keys set in a scenario file (`FitIntoScenario`). Warnings
/// go to the feedback's notes as they arise; it prints nothing.
public enum FitRun {
    /// What the command line asked for beyond the fit's own options.
    public struct Options: Sendable {
        /// The scenario to set the fitted keys in (`--into`).
        public var into: String?
        /// The fit's folder (`--out`); nil: `defaultFolder(path)`.
        public var out: String?
        /// The eligibility periods file (`--eligibility`).
        public var eligibility: String?
        public var assumeEligible: Bool
        public var skipBadRows: Bool
        public var acceptPoorFit: Bool
        /// Makes a display of the bootstrap's progress, when one is wanted.
        public var progress: (@Sendable () -> any RunProgress)?

        public init(
            into: String? = nil, out: String? = nil, eligibility: String? = nil, assumeEligible: Bool = false,
            skipBadRows: Bool = false, acceptPoorFit: Bool = false,
            progress: (@Sendable () -> any RunProgress)? = nil
        ) {
            self.into = into
            self.out = out
            self.eligibility = eligibility
            self.assumeEligible = assumeEligible
            self.skipBadRows = skipBadRows
            self.acceptPoorFit = acceptPoorFit
            self.progress = progress
        }
    }

    /// What was written and set.
    public struct Outcome: Sendable {
        /// The fit's folder.
        public let directory: String
        /// fit.yaml's text: the values to put in place of the scenario keys it names.
        public let fitYAML: String?
        /// With `into`: the scenario's path as given and each key set, old → new.
        public let scenario: String?
        public let changes: [ScenarioKeyChange]
    }

    /// A telemetry file that cannot be read or fitted: `file:line: error: …`, exit 2.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// A fit `into` will not paste: its goodness-of-fit test rejects it (exit 2).
    public struct Refusal: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    public static func fit(
        _ path: String, fitOptions: FitOptions, _ options: Options,
        feedback: RunFeedback
    ) throws -> Outcome {
        var fitOptions = fitOptions
        let file: TelemetryFile
        let fit: TelemetryFit
        var eligible = EligibilityOptions(assumeEligible: options.assumeEligible)
        // What the target scenario's BG task waits for applies to a bg file that does not say it.
        if let target = options.into, let task = BackgroundTaskRequirements.of(scenarioAt: target) {
            let needs = BackgroundRequestNeeds(
                processing: task.processing, requiresPower: task.requiresPower,
                requiresNetwork: task.requiresNetwork)
            eligible.declared = DeclaredRequestNeeds(needs: needs, place: task.place, keys: task.keys)
        }
        do {
            if let periods = options.eligibility { eligible.periods = try EligibilityPeriods.read(path: periods) }
            file = try TelemetryFile.read(path: path, skipBadRows: options.skipBadRows, eligibility: eligible)
        } catch {
            throw Failure(description: error.description)
        }
        if file.kind != .bg && file.kind != .work, options.eligibility != nil || options.assumeEligible {
            throw UsageError(
                "\(options.eligibility != nil ? "--eligibility" : "--assume-eligible") applies to a bg file "
                    + "(BG launches) or a work file (WorkManager jobs); \(path) is not one (its kind: \(file.kind.rawValue))"
            )
        }
        // Before the fit, which can take minutes: the header says which keys the scenario must take.
        let scenario = try options.into.map { try FitIntoScenario(path: $0, keys: FitYAML.keys(file.kind)) }
        // The fit's folder never takes the place of the telemetry or the scenario, nor of files fit did not write.
        let directory = options.out ?? defaultFolder(path)
        let policy = OutputPathPolicy(
            inputs: [(path, "the telemetry being fitted")]
                + (options.into.map { [($0, "the scenario fit sets keys in (--into)")] } ?? [])
                + (options.eligibility.map { [($0, "the eligibility periods (--eligibility)")] } ?? []))
        do { try ReportWriter.check(FitReport.fileNames, in: directory, policy: policy) } catch {
            throw UsageError("--out: \(error)")
        }
        // The bootstrap takes minutes on a large file: a display says how far it is.
        let bar = fitOptions.bootstrap > 0 && !file.kind.isPushExport ? options.progress?() : nil
        if let bar { fitOptions.progress = FitProgress { bar.update($0, of: $1) } }
        do {
            fit = try TelemetryFit.run(file, options: fitOptions)
            bar?.finish()
        } catch {
            bar?.finish()
            throw Failure(description: error.description)
        }
        let files = FitReport.files(file, fit)
        do { try ReportWriter.write(files.map { ($0.name, $0.content) }, to: directory, policy: policy) } catch {
            throw OutputFailure.nothingWritten(to: ["\(directory)/"], error)
        }
        if let declared = eligible.declared, case .backgroundLaunches(let data) = file.content, data.needsFromScenario,
            case .assumed(let needing) = data.eligibility
        {
            feedback.note("\(path): warning: " + declared.assumedWarning(needing: needing))
        }
        // A family the test rejects describes the delays badly: it is not pasted into a scenario
        // unless the user says so, and said on stderr either way.
        let rejections = fit.rejections
        if let scenario, !rejections.isEmpty, !options.acceptPoorFit {
            throw Refusal(
                description: "\(scenario.path): error: not changed: " + rejections.joined(separator: "; ")
                    + "; see \(directory)/fit.md, fit other --families, or pass --accept-poor-fit to set it anyway")
        }
        for rejection in rejections { feedback.note("\(path): warning: \(rejection) (see \(directory)/fit.md)") }
        let fitYAML = files.first(where: { $0.name == "fit.yaml" })?.content
        guard let scenario else { return Outcome(directory: directory, fitYAML: fitYAML, scenario: nil, changes: []) }
        let measured = "measured: dnsim-events fit \((path as NSString).lastPathComponent) (\(directory)/fit.md)"
        let (changes, warnings) = try scenario.set(FitYAML.settings(fit), fitFolder: directory, measured: measured)
        // Warnings go to stderr even with --quiet, as a run's do.
        if !warnings.isEmpty { feedback.note(DiagnosticList(warnings).description) }
        return Outcome(directory: directory, fitYAML: fitYAML, scenario: scenario.path, changes: changes)
    }

    /// `Reports/fit-<folder>-<stem>`: the folder's name too, so fits of two arms' `bg-launches.csv`
    /// (or two teams') keep apart; a file in the current folder gives `Reports/fit-<stem>`.
    public static func defaultFolder(_ path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let stem = url.deletingPathExtension().lastPathComponent
        let parent = PathText.parent(path)
        let folder = parent.isEmpty || parent == "." ? "" : url.deletingLastPathComponent().lastPathComponent
        let safe = String(folder.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "-" })
        return "Reports/fit-" + (safe.isEmpty || safe == "/" ? "" : "\(safe)-") + stem
    }
}
