import DNSimCore
import DNSimReports
import DNSimScenario
import Foundation

/// The parsed command line: a subcommand, scenario files and options.
public struct CommandLineOptions: Sendable {
    public enum Command: String, Sendable { case run, check, validate, trace, bench, merge }

    public var command: Command = .run
    public var scenarios: [String] = []
    public var seed: UInt64?
    public var devices: Int?
    public var days: Int?
    public var out: String?
    public var jobs: Int?
    public var quiet = false
    public var baseline: String?
    public var strict = false
    public var device: Int?
    public var arm: String?
    public var dayRange: ClosedRange<Int>?
    public var json = false
    /// Also write cycles.csv, one row per device-cycle.
    public var cycles = false
    /// Report formats to write: csv, md, json (charts come with md).
    public var formats: Set<String> = ["csv", "md"]
    /// `--shard K/N`: run devices slice K of N and write a partial result.
    public var shard: (Int, Int)?
    public var help = false
    public var version = false

    static let valueOptions = ["--seed", "--devices", "--days", "--out", "--jobs", "--baseline", "--device", "--arm", "--day", "--shard", "--format"]
    static let flagOptions = ["--quiet", "--strict", "--json", "--cycles", "--help", "-h", "--version"]

    public static func parse(_ arguments: [String]) throws(UsageError) -> CommandLineOptions {
        var options = CommandLineOptions()
        var rest = arguments[...]
        if let first = rest.first, let command = Command(rawValue: first), command != .run {
            options.command = command
            rest = rest.dropFirst()
        }
        while let argument = rest.popFirst() {
            if !argument.hasPrefix("-") || argument == "-" {
                options.scenarios.append(argument)
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if flagOptions.contains(name) {
                switch name {
                case "--quiet": options.quiet = true
                case "--strict": options.strict = true
                case "--json": options.json = true
                case "--cycles": options.cycles = true
                case "--version": options.version = true
                default: options.help = true
                }
                continue
            }
            guard valueOptions.contains(name) else {
                throw UsageError("unknown option '\(name)'" + Suggestion.hint(for: name, in: valueOptions + flagOptions))
            }
            guard let value = inlineValue ?? rest.popFirst() else { throw UsageError("\(name) needs a value") }
            switch name {
            case "--seed":
                guard let seed = UInt64(value) else { throw UsageError("--seed must be a whole number from 0 to 18446744073709551615, not '\(value)'") }
                options.seed = seed
            case "--devices": options.devices = try count(value, name, 1...Scenario.maxDevices)
            case "--days": options.days = try count(value, name, 1...Scenario.maxDays)
            case "--jobs": options.jobs = try count(value, name, 1...1024)
            case "--device": options.device = try count(value, name, 1...Scenario.maxDevices)
            case "--out": options.out = value
            case "--baseline": options.baseline = value
            case "--arm": options.arm = value
            case "--shard": options.shard = try ShardCommand.parse(value)
            case "--format":
                let formats = Set(value.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) })
                let known: Set = ["csv", "md", "json"]
                guard !formats.isEmpty, formats.isSubset(of: known) else {
                    throw UsageError("--format takes a comma-separated list of csv, md and json, not '\(value)'")
                }
                options.formats = formats
            default: options.dayRange = try days(value)
            }
        }
        return options
    }

    private static func count(_ text: String, _ name: String, _ range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw UsageError("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return value
    }

    /// `--day D` or `--day FROM-TO`, 1-based.
    private static func days(_ text: String) throws(UsageError) -> ClosedRange<Int> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 1, let day = Int(parts[0]), day >= 1 { return day...day }
        if parts.count == 2, let from = Int(parts[0]), let to = Int(parts[1]), from >= 1, to >= from { return from...to }
        throw UsageError("--day takes a day D or a range FROM-TO (1-based), not '\(text)'")
    }

    public static let help = """
    dnsim-events: simulate how a mobile app's prefetch-then-notify policy behaves on iOS and Android.

    Usage:
      dnsim-events SCENARIO.yaml...            run every arm, write reports, print the summary
      dnsim-events check SCENARIO.yaml... [--baseline DIR] [--strict]
                                               run, then check expect: and regressions against a baseline
      dnsim-events validate SCENARIO.yaml...   parse and validate only
      dnsim-events trace SCENARIO.yaml --device N --arm A [--day D | --day FROM-TO] [--json]
                                               print one device's timeline in local time
      dnsim-events bench [SCENARIO.yaml]       measure device-days/s and events/s (build with -c release)
      dnsim-events SCENARIO.yaml --shard K/N --out DIR
                                               run devices slice K of N, write DIR/shard-K-of-N.json
      dnsim-events merge DIR... [--out DIR]    combine all N shards into the same reports as one run

    Options:
      --seed N        override the scenario's seed
      --devices N     override the number of devices
      --days N        override the number of simulated days
      --out DIR       report folder (default Reports/<name>)
      --jobs N        worker threads (default: all cores); results are identical for any N
      --format LIST   report formats, any of csv,md,json (default csv,md; md brings the SVG charts)
      --cycles        also write cycles.csv, one row per device-cycle, streamed to disk
      --quiet         no progress and no summary table
      --version       print the version

    Exit codes: 0 ok, 1 regression found by check, 2 bad input or usage.
    """
}
