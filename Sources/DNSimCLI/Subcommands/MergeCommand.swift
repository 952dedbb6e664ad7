import DNSimReports
import DNSimRun

/// `dnsim-events merge DIR...`: combines every shard of a sharded run into
/// the reports a single run would have written, byte for byte.
enum MergeCommand: Subcommand {
    static let name = "merge"
    static let usage = "merge DIR... [--out DIR] [--format LIST] [--quiet]"
    static let details = """
        DIR is the --out folder the shards were written with (shard K/N of a scenario writes
        DIR/<name>/shard-K-of-N.json), or that <name>/ folder, or the shard files themselves. All the
        shards must be of one run. The reports go to Reports/<name>/, or to OUT/<name>/ with --out OUT,
        as a single run's would.
        """
    static let summary = "combine all N shards of a --shard run into the same reports as one run"
    static let options: [OptionSpec] = [.out, .format, .quiet]

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let merged = try MergeRun.merge(
            arguments.operands, out: arguments.string(.out), formats: try RunCommand.formats(arguments),
            feedback: .console(console))
        if !arguments.flag(.quiet) {
            let plan = merged.context.plan
            let worlds = merged.study.map { ", \($0.designs.count) worlds × \($0.devicesPerWorld) devices" } ?? ""
            console.print(
                "\(merged.context.scenario.name): merged \(merged.shardCount) shard(s), \(plan.devices) devices × "
                    + "\(merged.days) days\(worlds), seed \(plan.seed)")
            console.print(SummaryMarkdown.armsTable(merged.context).plain())
            console.print("Reports written to \(merged.directory)/")
        }
        return .success
    }
}
