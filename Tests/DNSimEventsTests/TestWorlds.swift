import CGSL
import Foundation
import XCTest
@testable import DNSimCLI
@testable import DNSimCore
@testable import DNSimReports
@testable import DNSimScenario

/// Small hand-built worlds for behaviour and closed-form tests.
enum TestWorlds {
    /// 2027-01-01T00:00:00Z.
    static let start: Millis = 1_798_761_600_000

    /// One cycle a day in UTC: notify at `notifyMinute`, fetch `lead` earlier.
    static func dailyCalendar(days: Int, notifyMinute: Int = 18 * 60 + 30, lead: Millis = 5 * SimTime.minute) -> CycleCalendar {
        let notify = (0..<days).map { start + Millis($0) * SimTime.day + Millis(notifyMinute) * SimTime.minute }
        return CycleCalendar(start: start, notifyTimes: notify, fetchTimes: notify.map { $0 - lead },
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

    static func arm(_ kind: StrategyKind, _ platform: Platform, label: String? = nil,
                    configure: (inout StrategyConfiguration) -> Void = { _ in }) -> Arm {
        var strategy = StrategyConfiguration(kind: kind, label: label)
        configure(&strategy)
        return Arm(strategy: strategy, platform: platform)
    }

    static func run(_ world: WorldConfiguration, arms: [Arm], devices: Int, seed: UInt64 = 7, jobs: Int = 2) -> SimulationResult {
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

/// Records every cycle of one device.
final class CycleRecorder: SimulationObserver {
    var cycles: [CycleRecord] = []
    var updateDelays: [Millis] = []
    func record(_ cycle: CycleRecord) { cycles.append(cycle) }
    func updateShown(delay: Millis) { updateDelays.append(delay) }
    func outcomes() -> [CycleOutcome] { cycles.map(\.outcome) }
}

/// One device of one arm, with everything it did recorded.
struct DeviceRun {
    let cycles: CycleRecorder
    let trace: TraceRecorder
    let activity: DeviceActivity
    /// The device's user world (opens, Low Power Mode, offline periods, reboots).
    let user: UserActivity

    init(_ world: WorldConfiguration, _ arm: Arm, device: Int = 0, seed: UInt64 = 7) {
        let random = KeyedRandom(seed: seed)
        let calendar = world.calendar
        let server = ServerModel(configuration: world.server, random: random, origin: calendar.start, end: calendar.followingNotifyTime)
        let user = UserActivity(configuration: world.user, random: random, origin: calendar.start, end: calendar.followingNotifyTime)
        self.user = user
        let simulator = ArmSimulator(arm: arm, world: world, random: random, server: server, user: user)
        cycles = CycleRecorder()
        trace = TraceRecorder()
        simulator.observer = cycles
        simulator.tracer = trace
        server.reset(device: device)
        user.reset(device: device)
        activity = simulator.run(device: device)
    }

    var outcomes: [CycleOutcome] { cycles.outcomes() }
}
