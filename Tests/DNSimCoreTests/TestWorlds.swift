import CGSL
import Foundation
import XCTest

@testable import DNSimCore

/// Small hand-built worlds for behaviour and closed-form tests.
enum TestWorlds {
    /// 2027-01-01T00:00:00Z.
    static let start: Millis = 1_798_761_600_000

    /// One cycle a day in UTC: notify at `notifyMinute`, fetch `lead` earlier.
    static func dailyCalendar(days: Int, notifyMinute: Int = 18 * 60 + 30, lead: Millis = 5 * SimTime.minute)
        -> CycleCalendar
    {
        let notify = (0..<days).map { start + Millis($0) * SimTime.day + Millis(notifyMinute) * SimTime.minute }
        return CycleCalendar(
            start: start, notifyTimes: notify, fetchTimes: notify.map { $0 - lead },
            followingNotifyTime: start + Millis(days) * SimTime.day + Millis(notifyMinute) * SimTime.minute)
    }

    static func world(days: Int, lead: Millis = 5 * SimTime.minute) -> WorldConfiguration {
        var world = WorldConfiguration(calendar: dailyCalendar(days: days, lead: lead))
        world.server.updatesPerDay = 50  // a day between fetches always holds updates (P(none) = e^-50)
        world.server.starredPlans = 5
        // No app opens here: keep iOS's stop-after-7-days-unopened rule out of the closed forms.
        world.ios.inactiveAfter = nil
        return world
    }

    static func arm(
        _ kind: StrategyKind, _ platform: Platform, label: String? = nil,
        configure: (inout StrategyConfiguration) -> Void = { _ in }
    ) -> Arm {
        var strategy = StrategyConfiguration(kind: kind, label: label)
        configure(&strategy)
        return Arm(strategy: strategy, platform: platform)
    }

    static func run(_ world: WorldConfiguration, arms: [Arm], devices: Int, seed: UInt64 = 7, jobs: Int = 2)
        -> SimulationResult
    {
        ParallelRunner.run(plan: SimulationPlan(world: world, arms: arms, seed: seed, devices: devices), jobs: jobs)
    }

    /// A tolerance of `z` binomial standard errors for a proportion `p` over `n` independent trials.
    static func tolerance(p: Double, n: Int64, z: Double = 4) -> Double {
        z * (p * (1 - p) / Double(n)).squareRoot()
    }
}

/// Records one device's trace for behaviour tests.
final class TraceRecorder: TraceSink {
    var entries: [TraceEntry] = []
    func trace(_ entry: TraceEntry) { entries.append(entry) }
    func kinds(_ kind: String) -> [TraceEntry] { entries.filter { $0.kind == kind } }
}

/// One device of one arm, with everything it did recorded.
struct DeviceRun {
    let log: DeviceLog
    let trace: TraceRecorder
    /// The device's user world (opens, Low Power Mode, offline periods, reboots).
    let user: UserActivity

    init(_ configuration: WorldConfiguration, _ arm: Arm, device: Int = 0, seed: UInt64 = 7) {
        let world = DeviceWorld(configuration: configuration, seed: seed)
        let simulator = ArmSimulator(arm: arm, world: world)
        trace = TraceRecorder()
        simulator.tracer = trace
        world.generate(device: device)
        user = world.user
        log = simulator.run(world)
    }

    var cycles: [CycleRecord] { log.cycles }
    var activity: DeviceActivity { log.activity }
    var outcomes: [CycleOutcome] { log.cycles.map(\.outcome) }
}
