import DNSimTestSupport
import XCTest

@testable import DNSimCore

/// A server's updates are its days' drawn times, sorted (`DayTimes`: by insertion on a quiet day,
/// at once on a busy one), with ids that rank them within their day.
final class ServerModelTests: XCTestCase {
    static let origin: Millis = 1_798_761_600_000

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
