import DNSimTestSupport
import XCTest

@testable import DNSimCore

/// A server's updates are its day's drawn times, sorted: by insertion for a quiet day, by
/// `ServerModel.sortDay` for a busy one (issue 57: 500 updates a day spent two thirds of a run
/// sorting by insertion). Either way the result is what a sort of the draws gives.
final class ServerModelTests: XCTestCase {
    static let origin: Millis = 1_798_761_600_000

    /// `sortDay` against the standard library's sort: empty, one, ties, the day's first and last
    /// millisecond, a time a rounding could place on the day's end, and uniform days of many sizes.
    func testSortDayEqualsASort() {
        var random = SplitMix(seed: 57)
        let day = SimTime.day
        var cases: [[Millis]] = [
            [], [5], [3, 3, 3], [day - 1, 0, day - 1, 0, 17], [day, 0, day - 1, 1],
            Array(repeating: 42, count: 40), (0..<100).map { Millis($0) }, (0..<100).map { day - 1 - Millis($0) },
        ]
        for count in [2, 17, 100, 500, 4_000] {
            cases.append((0..<count).map { _ in Millis(random.uniform() * Double(day)) })
            // Clustered times (a slice then holds many): still sorted, only slower.
            cases.append((0..<count).map { _ in Millis(random.uniform() * 1_000) })
        }
        for offsets in cases {
            var times = offsets.map { Self.origin + $0 }
            times.withUnsafeMutableBufferPointer { ServerModel.sortDay($0, dayStart: Self.origin) }
            XCTAssertEqual(times, offsets.map { Self.origin + $0 }.sorted(), "\(offsets.count) times")
        }
    }

    /// Each day's updates are that day's own keyed draws (a Poisson count, then a uniform time
    /// each), sorted, on quiet and busy servers alike; ids rank them within their day.
    func testEachDayHoldsItsDrawsSorted() {
        for rate in [0.7, 12.0, 300.0] {
            var configuration = ServerConfiguration()
            configuration.updatesPerDay = rate
            configuration.starredPlans = 5
            let days = 30
            var server = ServerModel(
                configuration: configuration, origin: Self.origin, end: Self.origin + Millis(days) * SimTime.day - 1)
            let random = KeyedRandom(seed: 11), reference = KeyedRandom(seed: 11)
            for device in 0..<3 {
                server.generate(device: device, random: random)
                var total = 0
                for day in 0..<days {
                    reference.begin(device: device, source: .serverDay, index: day)
                    let count = reference.poisson(mean: rate)
                    let dayStart = Self.origin + Millis(day) * SimTime.day
                    let drawn = (0..<count).map { _ in dayStart + Millis(reference.uniform() * Double(SimTime.day)) }
                    let stored = server.withUpdateTimes(
                        after: ServerModel.id(day: day, rank: 0), through: ServerModel.id(day: day, rank: count),
                        { Array($0) })
                    XCTAssertEqual(stored, drawn.sorted(), "rate \(rate), device \(device), day \(day)")
                    total += count
                }
                let all = server.updates(after: 0, through: .max)
                XCTAssertEqual(all.count, total, "rate \(rate), device \(device)")
                XCTAssertEqual(server.withUpdateTimes(after: 0, through: all.last, { Array($0) }).count, total)
            }
        }
    }
}
