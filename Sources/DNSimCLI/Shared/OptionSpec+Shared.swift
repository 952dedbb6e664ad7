import DNSimReports

/// The options several subcommands share, spelt once.
extension OptionSpec {
    public static let seed = OptionSpec("--seed", value: "N", "override the scenario's seed")
    public static let devices = OptionSpec("--devices", value: "N", "override the number of devices")
    public static let days = OptionSpec("--days", value: "N", "override the number of simulated days")
    public static let jobs = OptionSpec(
        "--jobs", short: "j", value: "N", "worker threads (default: all cores); results are identical for any N")
    // Checked first, so a file or an unwritable place fails before a long simulation, not after it.
    public static let out = OptionSpec(
        "--out", short: "o", value: "DIR",
        "write the reports to DIR/<name>/ (default Reports/<name>/); must be a folder that can be written",
        check: { ReportWriter.problem(writingTo: $0) })
    public static let platform = OptionSpec(
        "--platform", value: "P",
        "run only platform P's arms (ios or android); each arm's figures "
            + "are those of a full run, since the arms share each device's world")
    public static let quiet = OptionSpec("--quiet", short: "q", "no progress and no summary table")
    public static let warningsAsErrors = OptionSpec(
        "--warnings-as-errors", "treat the scenario's warnings as errors (exit 2)")
    public static let format = OptionSpec(
        "--format", value: "LIST",
        "report formats, any of csv,md,json (default csv,md; md brings the SVG charts); "
            + "summary.csv and manifest.json are always written")
}
