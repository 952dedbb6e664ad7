import DNSimCore
import DNSimRun
import DNSimScenario
import Foundation

/// `dnsim-events validate`: parses and validates only, and says what a run would do.
enum ValidateCommand: Subcommand {
    static let name = "validate"
    static let usage = "validate SCENARIO.yaml... [--seed N] [--devices N] [--days N]"
    static let summary = "parse and validate only; print the arms, cycles and device-days a run would simulate"
    static let options: [OptionSpec] = [.seed, .devices, .days, .warningsAsErrors]

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        guard !arguments.operands.isEmpty else { throw UsageError("validate takes scenario files") }
        let overrides = try arguments.overrides()
        try ValidateRun.validate(
            arguments.operands, overrides, warningsAsErrors: arguments.flag(.warningsAsErrors),
            feedback: .console(console)
        ) { scenario, checked in
            let plan = checked.plan
            let points = checked.sweepPoints
            let days = overrides.days ?? scenario.days
            console.print("\(scenario.file): ok")
            console.print(
                "  name \(scenario.name), seed \(plan.seed), \(plan.devices) devices × \(days) days "
                    + "from \(scenario.start) (\(scenario.timeZone.identifier))")
            console.print("  " + ScheduleLead.line(scenario, calendar: plan.world.calendar))
            if let fleet = plan.fleet, fleet.mixesPlatforms {
                // Each device runs one platform's arms: an arm runs on its platform's share of the devices.
                let shares = Platform.allCases.compactMap { platform -> (Platform, Double)? in
                    let share = fleet.segments.filter { $0.platform == platform }.reduce(0) { $0 + $1.share }
                    return share > 0 ? (platform, share) : nil
                }
                let perArm = shares.map {
                    "about \(Int((Double(plan.devices * days) * $0.1).rounded())) per \($0.0.rawValue) arm"
                }
                let total = shares.reduce(0.0) { total, entry in
                    total + Double(plan.devices * days) * entry.1
                        * Double(plan.arms.filter { $0.platform == entry.0 }.count)
                }
                console.print(
                    "  \(plan.world.calendar.count) cycles per device; device-days \(perArm.joined(separator: ", ")) "
                        + "(the fleet's platform shares), about \(Int(total.rounded())) in all")
            } else {
                console.print(
                    "  \(plan.world.calendar.count) cycles per device; \(plan.devices * days) device-days per arm, "
                        + "\(plan.devices * days * plan.arms.count) in all")
            }
            console.print("  arms: " + plan.arms.map(\.name).joined(separator: ", "))
            if !scenario.fleet.isEmpty {
                console.print("  fleet: \(scenario.fleet.count) segments, each device in one by its share")
                let width = scenario.fleet.map(\.name.count).max() ?? 0
                for segment in scenario.fleet {
                    let name = segment.name.padding(toLength: width, withPad: " ", startingAt: 0)
                    let share = String(format: "%5.1f%%", segment.share * 100)
                    let sets =
                        segment.settings.isEmpty
                        ? "the scenario as written"
                        : "sets " + segment.settings.map { "\($0.key) = \($0.value)" }.joined(separator: ", ")
                    console.print(
                        "    \(name)  \(share)  \(segment.platform.map { "\($0.rawValue) only; " } ?? "")\(sets)")
                }
            }
            if !scenario.expectations.isEmpty {
                console.print("  \(scenario.expectations.count) expectation(s) for check")
            }
            if !points.isEmpty {
                let valid =
                    points.count == checked.sweepPointCount
                    ? "all valid"
                    : "\(points.count) of them valid: every value of every axis and points spread over the grid "
                        + "(a run checks every point before it starts)"
                console.print(
                    "  sweep: \(checked.sweepPointCount) point(s) over \(scenario.sweep.map(\.key).joined(separator: " × ")), \(valid)"
                )
            }
            if let settings = scenario.uncertainty, let first = checked.worlds.first {
                let devices = first.scenario.devices
                let count = checked.worldCount
                // A large design is checked on a sample (ValidatedScenario.checkedVariants); the run checks every world.
                let valid =
                    checked.worlds.count == count
                    ? "all valid"
                    : "\(checked.worlds.count) of them, spread over the design, valid (each parameter at its extremes too; "
                        + "a run checks every world before it starts)"
                console.print(
                    "  uncertainty: \(count) worlds (\(settings.design.rawValue), N = \(settings.samples)) over "
                        + "\(settings.parameters.map(\.key).joined(separator: ", ")), each \(devices) devices × \(days) days, \(valid); "
                        + "\(count * devices * days * plan.arms.count) device-days in all")
            }
        }
        return .success
    }
}
