import XCTest

@testable import DNSimCore

/// `DozeSchedule.heldPeriods` (what `--emit-telemetry` writes as `doze` periods) holds exactly the
/// instants at which `release` defers a job: idle and unplugged, not at a maintenance window.
final class DozeHeldPeriodsTests: XCTestCase {
    func testHeldPeriodsAreExactlyWhereReleaseDefers() {
        let hour = SimTime.hour, day = SimTime.day
        // Idle 00:00–07:00 daily; plugged in 02:30–03:30 on day 1 only.
        let idle = TimeWindows((0..<3).map { ($0 * day, $0 * day + 7 * hour) })
        let charging = TimeWindows([(day + 2 * hour + 30 * SimTime.minute, day + 3 * hour + 30 * SimTime.minute)])
        let doze = DozeSchedule()
        let periods = doze.heldPeriods(idle: idle, charging: charging, from: 0, to: 3 * day)
        XCTAssertEqual(periods.first?.0, 1)
        XCTAssertEqual(periods.first?.1, hour)
        func held(_ t: Millis) -> Bool { periods.contains { $0.0 <= t && t < $0.1 } }
        // A grid that falls on no round minute, then the edges.
        var times: [Millis] = Array(stride(from: 13, to: 3 * day, by: 7_013))
        // The edges: each window, each period's ends, the charger's.
        for (from, to) in periods { times += [from - 1, from, to - 1, to] }
        times += [
            day + 2 * hour + 30 * SimTime.minute - 1, day + 2 * hour + 30 * SimTime.minute,
            day + 3 * hour + 30 * SimTime.minute,
        ]
        for t in times where t >= 0 && t < 3 * day {
            XCTAssertEqual(held(t), doze.release(t, idle: idle, charging: charging) > t, "at \(t)")
        }
    }
}
