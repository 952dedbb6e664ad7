import DNSimTestSupport
import XCTest

@testable import DNSimCore

/// `DayTimes.sort` is a sort (issue 57: a busy day sorted by insertion cost two thirds of a run), and
/// a generator's busy days come out in time order.
final class DayTimesTests: XCTestCase {
    static let origin: Millis = 1_798_761_600_000

    /// `DayTimes.sort` against the standard library's sort: empty, one, ties, the day's first and last
    /// millisecond, a time a rounding could place on the day's end, times outside the day, and
    /// uniform and clustered days of many sizes.
    func testSortDayEqualsASort() {
        var random = SplitMix(seed: 57)
        let day = SimTime.day
        var cases: [[Millis]] = [
            [], [5], [3, 3, 3], [day - 1, 0, day - 1, 0, 17], [day, 0, day - 1, 1],
            // Outside the day (no generator passes these): still sorted, and nothing traps.
            [-5_000, 3 * day, 7, -1, day + 1], [Millis.max / 4, -(Millis.max / 4), 0, 1 << 40],
            Array(repeating: 42, count: 40), (0..<100).map { Millis($0) }, (0..<100).map { day - 1 - Millis($0) },
        ]
        for count in [2, 17, 100, 500, 4_000] {
            cases.append((0..<count).map { _ in Millis(random.uniform() * Double(day)) })
            // Clustered times (a slice then holds many): still sorted, only slower.
            cases.append((0..<count).map { _ in Millis(random.uniform() * 1_000) })
        }
        for offsets in cases {
            var times = offsets.map { Self.origin + $0 }
            times.withUnsafeMutableBufferPointer { DayTimes.sort($0, dayStart: Self.origin) }
            XCTAssertEqual(times, offsets.map { Self.origin + $0 }.sorted(), "\(offsets.count) times")
        }
    }

    /// A user who opens the app a hundred times a day, at uniform hours and at hours weighted to
    /// the evening (so the day's slices are uneven): each day's opens are in time order, within
    /// their day, keyed by their rank.
    func testBusyUsersOpensAreInOrder() {
        let evening: [Double] = (0..<24).map { $0 >= 18 ? 10 : 1 }
        let days = 20
        for (device, hours) in [(0, nil), (1, evening), (2, nil), (3, evening)] as [(Int, [Double]?)] {
            var configuration = UserConfiguration()
            configuration.appOpensPerDay = 100
            configuration.appOpenHours = hours
            var user = UserActivity(
                configuration: configuration, origin: Self.origin, end: Self.origin + Millis(days) * SimTime.day - 1)
            user.generate(device: device, random: KeyedRandom(seed: 3))
            XCTAssertGreaterThan(user.opens.count, 50 * days, "device \(device)")
            XCTAssertEqual(user.opens, user.opens.sorted(), "device \(device)")
            var rank = 0, previousDay = -1
            for (time, key) in zip(user.opens, user.openKeys) {
                let day = Int((time - Self.origin) / SimTime.day)
                rank = day == previousDay ? rank + 1 : 0
                previousDay = day
                XCTAssertEqual(key, DrawIndex.dayRank.make(day, rank), "device \(device), day \(day)")
            }
        }
    }
}
