import Foundation
import XCTest

@testable import DNSimCore
@testable import DNSimScenario

/// `PluginRuntime.begin` resets every device's state: a device simulated after others on the
/// same simulator produces what it does on a fresh one, on every arm of the shipped scenarios
/// with the most state (lifecycle defects and orphans, pushes, reboots).
final class DeviceResetTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func plan(_ name: String) throws -> SimulationPlan {
        let scenario = try ScenarioLoader.load(path: Self.root.appendingPathComponent("Scenarios/\(name).yaml").path)
        return try scenario.plan(devices: 6, days: 60).get()
    }

    func assertSameLog(_ a: DeviceLog, _ b: DeviceLog, _ message: String) {
        XCTAssertEqual(a.cycles, b.cycles, message)
        XCTAssertEqual(a.updateDelays, b.updateDelays, message)
        XCTAssertEqual(a.setupLatencies, b.setupLatencies, message)
        XCTAssertEqual(a.activity, b.activity, message)
    }

    func testADeviceRunAfterOthersEqualsAFreshRun() throws {
        var checked = 0
        for name in ["lifecycle", "push-vs-local", "android-reboots"] {
            let plan = try plan(name)
            for arm in plan.arms {
                let world = DeviceWorld(configuration: plan.world, seed: plan.seed)
                let reused = ArmSimulator(arm: arm, world: world)
                let reusedTrace = TraceRecorder()
                reused.tracer = reusedTrace
                for device in 0..<plan.devices - 1 {
                    world.generate(device: device)
                    _ = reused.run(world)
                }
                reusedTrace.entries.removeAll()
                let last = plan.devices - 1
                world.generate(device: last)
                let afterOthers = reused.run(world)

                let freshWorld = DeviceWorld(configuration: plan.world, seed: plan.seed)
                let fresh = ArmSimulator(arm: arm, world: freshWorld)
                let freshTrace = TraceRecorder()
                fresh.tracer = freshTrace
                freshWorld.generate(device: last)
                let alone = fresh.run(freshWorld)

                assertSameLog(afterOthers, alone, "\(name) \(arm.name)")
                let firstDifference = zip(reusedTrace.entries, freshTrace.entries).enumerated().first {
                    $0.element.0 != $0.element.1
                }
                XCTAssertNil(
                    firstDifference, "\(name) \(arm.name): the timelines part at entry \(firstDifference?.offset ?? -1)"
                )
                XCTAssertEqual(reusedTrace.entries.count, freshTrace.entries.count, "\(name) \(arm.name)")
                XCTAssertFalse(alone.cycles.isEmpty)
                checked += 1
            }
        }
        XCTAssertEqual(checked, 14 + 8 + 2)
    }
}
