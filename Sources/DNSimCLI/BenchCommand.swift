import DNSimCore
import DNSimReports
import DNSimScenario
import Foundation

/// `dnsim-events bench`: device-days per second, events per second and peak
/// memory for a shipped scenario at one job and at all cores, plus the event
/// kernel's hold rate. Meaningful only in a release build.
enum BenchCommand {
    static func run(_ options: CommandLineOptions, console: Console) -> ExitCode {
        let paths = options.scenarios.isEmpty ? ["Scenarios/new-activity.yaml"] : options.scenarios
        let scenarios: [Scenario]
        do {
            scenarios = try DNSimCommand.loadAll(paths, console: console)
        } catch {
            console.printError("\(error)")
            return .badInput
        }
        #if DEBUG
        console.printError("warning: this is a debug build; build with 'swift build -c release' for real figures")
        #endif
        let cores = ProcessInfo.processInfo.activeProcessorCount
        var jobsList = [1]
        if let jobs = options.jobs { jobsList = [jobs] } else if cores > 1 { jobsList.append(cores) }
        var table = TextTable(header: ["scenario", "arms", "device-days", "jobs", "wall s", "device-days/s (all arms)", "events/s"],
                              rightAligned: Set(1...6))
        for scenario in scenarios {
            let plan: SimulationPlan
            do { plan = try DNSimCommand.plan(scenario, options) } catch {
                console.printError("\(error)")
                return .badInput
            }
            let days = options.days ?? scenario.days
            let deviceDays = Double(plan.devices * days * plan.arms.count)
            for jobs in jobsList {
                let started = DispatchTime.now().uptimeNanoseconds
                let result = ParallelRunner.run(plan: plan, jobs: jobs)
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
                table.rows.append([scenario.name, String(plan.arms.count), String(Int(deviceDays)), String(jobs),
                                   String(format: "%.3f", seconds), String(format: "%.0f", deviceDays / seconds),
                                   String(format: "%.0f", Double(result.events) / seconds)])
            }
        }
        console.print("bench on \(cores) core(s)")
        console.print(table.plain())
        console.print(String(format: "event kernel: %.1f million hold operations/s with 1,000 pending events", kernelHoldRate() / 1e6))
        console.print("peak memory (VmHWM): \(peakMemory())")
        return .success
    }

    /// The classic hold model: pop the earliest event, push one a random step later.
    static func kernelHoldRate() -> Double {
        var queue = EventQueue<Int>()
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func step() -> Millis {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Millis(state >> 44)
        }
        for i in 0..<1_000 { queue.schedule(at: step(), i) }
        let operations = 5_000_000
        let started = DispatchTime.now().uptimeNanoseconds
        var checksum = 0
        for _ in 0..<operations {
            let (time, payload) = queue.next()!
            checksum &+= payload
            queue.schedule(at: time + step(), payload)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        if checksum == -1 { print("") }  // keep the loop from being optimised away
        return Double(operations) / seconds
    }

    static func peakMemory() -> String {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return "unknown" }
        return line.dropFirst("VmHWM:".count).trimmingCharacters(in: .whitespaces)
    }
}
