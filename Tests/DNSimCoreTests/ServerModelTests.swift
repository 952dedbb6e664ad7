import DNSimTestSupport
import XCTest

@testable import DNSimCore

/// A server's updates are its days' drawn times, sorted (`DayTimes`: by insertion on a quiet day,
/// at once on a busy one), with ids that rank them within their day.
final class ServerModelTests: XCTestCase {
    static let origin: Millis = 1_798_761_600_000

    /// Each day's updates are that day's own keyed draws (a Poisson count, a uniform time each,
    /// then a project each), the times sorted and the projects given in draw order to the sorted
    /// updates, on quiet and busy servers alike (16 and 17 a day straddle `DayTimes.insertionLimit`);
    /// ids rank them within their day.
    func testEachDayHoldsItsDrawsSorted() {
        for rate in [0.7, 12.0, 16.0, 17.0, 300.0] {
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
                    let projects = (0..<count).map { _ in reference.index(below: configuration.starredPlans) }
                    let (first, last) = (ServerModel.id(day: day, rank: 0), ServerModel.id(day: day, rank: count))
                    let stored = server.withUpdateTimes(after: first, through: last) { Array($0) }
                    XCTAssertEqual(stored, drawn.sorted(), "rate \(rate), device \(device), day \(day)")
                    var walked: [Millis] = [], plans: [Int] = []
                    server.forEachUpdate(after: first, through: last) { time, plan in
                        walked.append(time)
                        plans.append(plan)
                    }
                    XCTAssertEqual(walked, stored, "rate \(rate), device \(device), day \(day)")
                    XCTAssertEqual(plans, projects, "rate \(rate), device \(device), day \(day)")
                    total += count
                }
                let all = server.updates(after: 0, through: .max)
                XCTAssertEqual(all.count, total, "rate \(rate), device \(device)")
                XCTAssertEqual(server.withUpdateTimes(after: 0, through: all.last, { Array($0) }).count, total)
            }
        }
    }
}
