import Foundation
import XCTest

@testable import DNSimCore
@testable import DNSimReports

/// The counter catalog (`Counter`) drives the device storage, the arm sums,
/// merge, the shard format and the summary columns: each test walks the catalog,
/// so a new counter is covered without a line here.
final class CounterCatalogTests: XCTestCase {
    static let days = 30

    /// A device whose every counter holds a value of its own (distinct across counters and devices),
    /// with a few cycles (one of them exactly on `lateAfter`), update delays and setup latencies, so
    /// every field of the arm is nonzero.
    static func log(device: Int) -> DeviceLog {
        var log = DeviceLog()
        for cycle in 0..<(4 + device % 3) {
            let outcome = CycleOutcome.allCases[(cycle + device) % CycleOutcome.allCases.count]
            let shown = outcome != .missed && outcome != .suppressed
            log.cycles.append(
                CycleRecord(
                    cycle: cycle, notifyTime: Millis(cycle) * SimTime.day, outcome: outcome,
                    shownAt: shown ? Millis(cycle) * SimTime.day + Millis(cycle) * 30 * SimTime.second : nil,
                    lateness: shown ? Millis(cycle) * 30 * SimTime.second : nil,
                    notifiedBeforeFetch: cycle == 1, contentAge: shown ? Millis(device + 1) * SimTime.minute : nil))
        }
        log.updateDelays = [Millis(device + 1) * SimTime.minute, SimTime.hour]
        log.setupLatencies = [Millis(device + 2) * SimTime.hour]
        for counter in Counter.allCases {
            log.activity[counter] = (counter.rawValue + 1) * 100 + device * device % 13 + device
        }
        log.activity.trajectory = UInt64(device) &* 0x9E37_79B9
        return log
    }

    static func accumulate(_ devices: Range<Int>) -> ArmStatistics {
        // With `maxContentAge`, so `withinAge` takes part too.
        var accumulator = ArmAccumulator(lateAfter: SimTime.minute, maxContentAge: SimTime.hour)
        for device in devices { accumulator.add(log(device: device), device: device) }
        return accumulator.statistics
    }

    func testTheCatalogFitsTheDeviceStorageWithoutAliasing() {
        XCTAssertLessThanOrEqual(Counter.allCases.count, DeviceActivity.capacity)
        let activity = Self.log(device: 3).activity
        XCTAssertEqual(
            Set(Counter.allCases.map { activity[$0] }).count, Counter.allCases.count,
            "each counter has a slot of its own")
        var other = activity
        other[Counter.allCases.last!] += 1
        XCTAssertNotEqual(other, activity, "equality compares every counter")
    }

    func testEveryReportedCounterHasItsColumnsOnceInCatalogOrder() throws {
        let header = SummaryCSV.header
        var last = -1
        for counter in Counter.allCases {
            let columns = SummaryColumns.columnsOf(counter)
            XCTAssertEqual(columns.isEmpty, counter.spec.column == .deviceOnly, "\(counter)")
            for column in columns {
                XCTAssertEqual(header.filter { $0 == column.name }.count, 1, "\(column.name) once in summary.csv")
            }
            guard let name = counter.columnName else { continue }
            let position = try XCTUnwrap(header.firstIndex(of: name))
            XCTAssertGreaterThan(position, last, "\(counter) comes after the counter before it in the catalog")
            last = position
        }
        XCTAssertEqual(Set(header).count, header.count, "no column name twice")
    }

    /// Every counter's columns read that counter (not a neighbour) from the arm's sums.
    func testEachColumnReadsItsOwnCounter() throws {
        let statistics = Self.accumulate(0..<5)
        for counter in Counter.kept {
            let column = try XCTUnwrap(SummaryColumns.named(try XCTUnwrap(counter.columnName)))
            let value = try XCTUnwrap(column.value(statistics, days: Self.days))
            let sum = Double(statistics.sum(counter))
            switch counter.spec.column {
            case .total, .ratio: XCTAssertEqual(value, sum, "\(counter)")
            case .perDeviceDay: XCTAssertEqual(value, sum / 5 / Double(Self.days), accuracy: 1e-12, "\(counter)")
            case .perThousandDeviceDays:
                XCTAssertEqual(value, sum / 5 * 1000 / Double(Self.days), accuracy: 1e-9, "\(counter)")
            case .deviceOnly: XCTFail("\(counter) is kept")
            }
            if case .ratio(let name, let over, _) = counter.spec.column {
                let rate = try XCTUnwrap(SummaryColumns.named("\(name)_rate")?.value(statistics, days: Self.days))
                XCTAssertEqual(rate, sum / Double(statistics.sum(over)), accuracy: 1e-12)
            }
        }
    }

    /// The sums are those of the devices: Σk for every kept counter, Σk² where an
    /// interval needs it, Σk·d for a ratio; device-only counters are not kept.
    func testTheSumsAreThoseOfTheDevices() {
        let statistics = Self.accumulate(0..<7)
        let logs = (0..<7).map(Self.log)
        for counter in Counter.allCases {
            let values = logs.map { Int64($0.activity[counter]) }
            let kept = Counter.kept.contains(counter)
            XCTAssertEqual(statistics.sum(counter), kept ? values.reduce(0, +) : 0, "\(counter)")
            XCTAssertEqual(
                statistics.counters.squares(counter),
                Counter.squared.contains(counter) ? values.map { $0 * $0 }.reduce(0, +) : 0, "\(counter)")
            if case .ratio(_, let over, _) = counter.spec.column {
                XCTAssertTrue(Counter.squared.contains(over), "a ratio's denominator keeps its squares")
                let products = logs.map { Int64($0.activity[counter]) * Int64($0.activity[over]) }.reduce(0, +)
                XCTAssertEqual(statistics.counters.products(counter), products)
            }
        }
    }

    /// Merging two slices equals accumulating every device in one, and merging
    /// into an empty arm gives it back: no field of the arm is left out of merge.
    func testMergeEqualsOneAccumulatorOverAllDevices() {
        let whole = Self.accumulate(0..<9)
        for split in [0, 1, 4, 9] {
            var merged = Self.accumulate(0..<split)
            merged.merge(Self.accumulate(split..<9))
            XCTAssertEqual(merged, whole, "split at \(split)")
            for counter in Counter.allCases { XCTAssertEqual(merged.sum(counter), whole.sum(counter), "\(counter)") }
        }
        var empty = ArmStatistics()
        empty.merge(whole)
        XCTAssertEqual(empty, whole)
        XCTAssertTrue(
            whole.cyclesVary && whole.latenessAtThreshold > 0 && whole.setupLatency.total > 0
                && whole.updateDelay.total > 0,
            "every field takes part")
    }

    /// A shard file keeps every counter under its own name, and reads back equal.
    func testShardRoundTripPreservesEveryCounter() throws {
        let statistics = Self.accumulate(0..<4)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(statistics)
        let decoded = try JSONDecoder().decode(ArmStatistics.self, from: data)
        XCTAssertEqual(decoded, statistics)
        for counter in Counter.allCases { XCTAssertEqual(decoded.sum(counter), statistics.sum(counter), "\(counter)") }

        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let counterKeys =
            Counter.kept.map(\.spec.key) + Counter.squared.map(\.squaresKey)
            + Counter.ratios.map { $0.counter.productKey! }
        XCTAssertEqual(Set(counterKeys).count, counterKeys.count, "no two sums share a name")
        XCTAssertEqual(
            object.count, ArmStatistics.CodingKeys.allCases.count + counterKeys.count,
            "no sum shares a name with another field")
        for counter in Counter.kept {
            XCTAssertEqual(
                (object[counter.spec.key] as? NSNumber)?.int64Value, statistics.sum(counter), counter.spec.key)
        }
        for counter in Counter.squared {
            XCTAssertEqual(
                (object[counter.squaresKey] as? NSNumber)?.int64Value, statistics.counters.squares(counter),
                counter.squaresKey)
        }
    }
}
