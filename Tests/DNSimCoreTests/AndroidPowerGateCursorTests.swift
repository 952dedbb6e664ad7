import XCTest

@testable import DNSimCore

/// `AndroidPowerGate.hold` finds the last and next opens with a cursor over the opens (issue 57):
/// its answers must equal a search of the opens for times asked in any order, backwards too.
final class AndroidPowerGateCursorTests: XCTestCase {
    func testHoldsUntilTheNextOpenWhateverTheOrderOfTimes() {
        var android = AndroidConfiguration()
        android.power.backgroundRestricted = true
        var gate = AndroidPowerGate(android, charging: TimeWindows())
        let setup: Millis = 1_000
        let opens: [Millis] = [5_000, 5_000, 9_000, 20_000, 31_000]
        gate.begin(opens: opens, setup: setup)
        // Restricted: held until the next open after `now`, unless `now` is itself the last open.
        func expected(_ now: Millis) -> Millis? {
            let index = opens.firstIndex(after: now)
            let last = index > 0 ? max(opens[index - 1], setup) : setup
            if last == now { return nil }
            return index < opens.count ? opens[index] : .max
        }
        var times: [Millis] = [0, 1_000, 4_999, 5_000, 5_001, 9_000, 40_000, 8_999, 20_000, 19_999, 31_000, 31_001]
        // Then a scramble of times forwards and back (7,919 is prime to 40,000).
        for i in 0..<200 { times.append(Millis(i * 7_919 % 40_000)) }
        for now in times {
            XCTAssertEqual(gate.hold(now: now), expected(now), "hold(now: \(now))")
        }
    }
}
