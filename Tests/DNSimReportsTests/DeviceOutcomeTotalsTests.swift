import DNSimTestSupport
import Foundation
import XCTest

@testable import DNSimAnalysis
@testable import DNSimCore

/// A study's devices' outcome counts summed over its worlds (`DeviceOutcomeTotals`), and the device
/// noise `check` reads from them (`StudyFigureErrors.deviceError`, docs/model.md §9).
final class DeviceOutcomeTotalsTests: XCTestCase {
    /// The totals are the worlds' counts, device by device: over the devices they add to each
    /// world's count summed over the worlds, and they are the same for any number of jobs.
    func testTotalsAddUpToTheWorldsAndDoNotDependOnJobs() throws {
        let text = UncertaintyStudyTests.scenario(samples: 4)
        let one = try UncertaintyStudyTests.study(text, jobs: 1)
        let three = try UncertaintyStudyTests.study(text, jobs: 3)
        let (a, b) = (try XCTUnwrap(one.deviceTotals), try XCTUnwrap(three.deviceTotals))
        XCTAssertEqual(a.devices, one.devicesPerWorld)
        for arm in one.arms.indices {
            var cycles: Int64 = 0
            var counts = [Int64](repeating: 0, count: RateMetric.allCases.count)
            for device in 0..<a.devices {
                let totals = a.totals(device: device, arm: arm)
                XCTAssertEqual(totals.counts, b.totals(device: device, arm: arm).counts)
                XCTAssertEqual(totals.cycles, b.totals(device: device, arm: arm).cycles)
                cycles += totals.cycles
                for metric in counts.indices { counts[metric] += totals.counts[metric] }
            }
            let cells = one.table.cells.map { $0[arm] }
            XCTAssertEqual(Double(cycles), cells.reduce(0) { $0 + ($1.figure("cycles") ?? .nan) })
            for metric in RateMetric.allCases {
                XCTAssertEqual(
                    Double(counts[metric.rawValue]), cells.reduce(0) { $0 + ($1.figure(metric.name) ?? .nan) },
                    "\(one.arms[arm].name) \(metric.name)")
            }
        }
    }

    /// The linearised ratio estimator by hand: fresh counts 6, 9 and 3 of 10 cycles each (a fourth
    /// device without cycles, as another platform's in a fleet, left out): r = 0.6, z = (0, 0.3,
    /// −0.3), error √(0.18 / (3 · 2)) = √0.03. Weights scale it, and a rate nobody weighs adds nothing.
    func testTheDeviceErrorIsTheRatioEstimatorsOverDevices() {
        let totals = DeviceOutcomeTotals(devices: 4, arms: 1)
        var table = DeviceOutcomeTotals.worldTable(devices: 4, arms: 1)
        for (device, fresh) in [6, 9, 3].enumerated() {
            var counts = [Int64](repeating: 0, count: RateMetric.allCases.count)
            counts[RateMetric.fresh.rawValue] = Int64(fresh)
            counts[RateMetric.missed.rawValue] = Int64(10 - fresh)
            DeviceOutcomeTotals.record(counts, cycles: 10, device: device, arm: 0, arms: 1, into: &table)
        }
        totals.add(world: table)
        let fresh = RateMetric.fresh.rawValue, missed = RateMetric.missed.rawValue
        XCTAssertEqual(
            StudyFigureErrors.deviceError(totals, arm: 0, weights: [(fresh, 1)]), 0.03.squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(
            StudyFigureErrors.deviceError(totals, arm: 0, weights: [(fresh, 2)]), 2 * 0.03.squareRoot(),
            accuracy: 1e-12)
        // missed = 10 − fresh on every device, so fresh − missed moves twice as far as fresh.
        XCTAssertEqual(
            StudyFigureErrors.deviceError(totals, arm: 0, weights: [(fresh, 1), (missed, -1)]),
            2 * 0.03.squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(StudyFigureErrors.deviceError(totals, arm: 0, weights: [(RateMetric.late.rawValue, 5)]), 0)
        // Adding a second world of the same counts doubles every sum: the error stays.
        totals.add(world: table)
        XCTAssertEqual(
            StudyFigureErrors.deviceError(totals, arm: 0, weights: [(fresh, 1)]), 0.03.squareRoot(), accuracy: 1e-12)
    }
}
