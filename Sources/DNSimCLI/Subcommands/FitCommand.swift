import DNSimFit
import DNSimReports
import DNSimRun
import DNSimScenario
import Foundation

/// `dnsim-events fit FILE.csv`: a team's own device logs (BG launches, fetch
/// attempts or app opens) turned into the scenario's numbers, with intervals
/// and goodness of fit (docs/telemetry.md).
enum FitCommand: Subcommand {
    static let name = "fit"
    static let usage =
        "fit FILE.csv [--into SCENARIO.yaml] [--out DIR] [--families LIST] [--bootstrap N] [--seed N] [--skip-bad-rows]"
        + " [--accept-poor-fit] [--eligibility FILE.csv | --assume-eligible]"
    static let summary = "fit a scenario's delays, failure shares, app opens or push drop to your own telemetry"
    static let details = """
        The file's kind comes from its content: a CSV header of BG launches, fetch attempts, app opens,
        WorkManager jobs (work-runs.csv) or APNs delivery metrics, or JSON, an FCM Data API response (androidDeliveryData); docs/telemetry.md.
        Writes fit.md, fit.svg, fit.yaml (the values to put in place of the scenario keys it names) and
        fit.json to Reports/fit-<folder>-<file stem>/ (the file's folder too, so push-ios/bg-launches.csv
        and chained-ios/bg-launches.csv do not overwrite each other) unless --out says otherwise.

        A BG request that waits for a state of the phone (a processing request: idle, and charging with
        requires_power; a request with requires_network: online) has its delay counted over the time it
        could run only, from --eligibility FILE.csv (device,state,from,to: when each device was in Low
        Power Mode, force-quit, offline, not idle, not charging), as the simulator draws it. A bg file
        whose kind, requires_power or requires_network columns say a request waits so, given without
        that file, is refused (exit 2): its delays would absorb the waits. --assume-eligible fits it as
        if the phone were always able to run it, and fit.md says so. A work file (Android WorkManager
        jobs) is measured from each job's allowed instant, out of the device's doze periods in the same
        --eligibility file, and sets platforms.android.workManager.delay; without that file it is
        refused the same way (Doze holds every regular job). With --into, a bg file without those
        columns takes the scenario's platforms.ios.fetchTask (kind, requiresExternalPower,
        requiresNetworkConnectivity): launches it says wait are refused the same way, before any fit.

        --into SCENARIO.yaml also sets the fitted keys in that scenario file, in place: a key it has gets
        the new value (in flow form, on the key's line, its comment kept), a key it lacks is added to
        its mapping; comments, key order, quoting and every other key stay as they are. The file is
        checked before the fit and replaced only if the edited text loads as a valid scenario; else it
        is left as it was (exit 2), and so it is when the goodness-of-fit test rejects the fit, unless
        --accept-poor-fit. It prints each key set, old → new; the fit's uncertainty: block stays
        in fit.yaml. A fleet segment that sets one of the keys keeps its own value, and a warning says so.
        """
    static let into = OptionSpec(
        "--into", value: "SCENARIO",
        "set the fitted keys in this scenario file, keeping the rest of its text; "
            + "written only if it then loads")
    static let families = OptionSpec(
        "--families", value: "LIST", "delay families to fit, any of lognormal,weibull,gamma,exponential (default all)")
    static let bootstrap = OptionSpec(
        "--bootstrap", value: "N",
        "parametric-bootstrap replicates for the goodness-of-fit p-value (default 200; 0: none)")
    static let skipBadRows = OptionSpec(
        "--skip-bad-rows", "skip rows that do not parse, and say how many and why, instead of failing")
    static let out = OptionSpec(
        "--out", short: "o", value: "DIR",
        "the fit's folder (default Reports/fit-<folder>-<file stem>); must be a folder that can be written",
        check: { ReportWriter.problem(writingTo: $0) })
    static let seed = OptionSpec(
        "--seed", value: "N", "seed of the parametric bootstrap's draws (default 1); the fit itself draws nothing")
    static let quiet = OptionSpec(
        "--quiet", short: "q", "no progress bar, and neither the fitted block nor the keys set printed")
    static let acceptPoorFit = OptionSpec(
        "--accept-poor-fit",
        "with --into, set a delay whose goodness-of-fit test rejects every family "
            + "(by default such a fit is refused, exit 2)")
    static let eligibility = OptionSpec(
        "--eligibility", value: "FILE",
        "a bg or work file's eligibility periods (device,state,from,to): "
            + "each delay counts only from when its request or job could run")
    static let assumeEligible = OptionSpec(
        "--assume-eligible",
        "fit BG requests that wait for idle, charging or the network, or "
            + "WorkManager jobs, with no eligibility periods as if always eligible (by default refused, exit 2)")
    static let options: [OptionSpec] = [
        into, out, families, bootstrap, seed, skipBadRows, acceptPoorFit, eligibility, assumeEligible, quiet,
    ]

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        guard arguments.operands.count == 1, let path = arguments.operands.first else {
            throw UsageError("fit takes one telemetry file, e.g. dnsim-events fit Scenarios/telemetry/bg-launches.csv")
        }
        // A scenario or a report given by mistake: say what fit reads, not that its "header" is unknown.
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        if ["yaml", "yml", "md", "svg"].contains(ext) {
            throw UsageError(
                "fit takes a telemetry CSV (BG launches, fetch attempts, app opens or APNs delivery metrics) or an FCM "
                    + "Data API response (docs/telemetry.md), not a .\(ext) file: "
                    + "\(path); e.g. dnsim-events fit Scenarios/telemetry/bg-launches.csv")
        }
        var options = FitOptions()
        if let list = arguments.string(families) {
            do { options.families = try DelayFamily.parseList(list) } catch { throw UsageError(error.message) }
        }
        if let replicates = try arguments.count(bootstrap, in: 0...100_000) { options.bootstrap = replicates }
        if let seed = try arguments.seed() { options.seed = seed }
        // The bootstrap takes minutes on a large file: a bar on a terminal says how far it is.
        var run = FitRun.Options(
            into: arguments.string(into), out: arguments.string(out),
            eligibility: arguments.string(eligibility), assumeEligible: arguments.flag(assumeEligible),
            skipBadRows: arguments.flag(skipBadRows), acceptPoorFit: arguments.flag(acceptPoorFit))
        if console.errorIsTerminal && !arguments.flag(quiet) {
            run.progress = { ProgressBar(console: console, label: "fit bootstrap", unit: "replicates") }
        }
        let outcome = try FitRun.fit(path, fitOptions: options, run, feedback: .console(console))
        guard !arguments.flag(quiet) else { return .success }
        let directory = outcome.directory
        guard let scenario = outcome.scenario else {
            if let yaml = outcome.fitYAML { console.print(yaml) }
            console.print("Fit written to \(directory)/ (fit.md, fit.svg, fit.yaml, fit.json)")
            return .success
        }
        let unchanged = outcome.changes.allSatisfy { !$0.textChanged }
        console.print(
            (unchanged ? "Already set in \(scenario):\n" : "Set in \(scenario):\n")
                + outcome.changes.map { "  \($0)" }.joined(separator: "\n"))
        console.print(
            "Fit written to \(directory)/ (fit.md, fit.svg, fit.yaml, fit.json); the sampling distributions of the fitted "
                + "values are in the uncertainty: block of \(directory)/fit.yaml, not in the scenario")
        return .success
    }
}
