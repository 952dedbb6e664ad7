import XCTest

@testable import DNSimCore

/// `StagedHistogram` holds values per range of buckets and adds them a buffer at a time: the
/// histogram it gives must equal, bucket for bucket and in every quantile and encoded byte, the one
/// built by adding each value at once, whatever the buffers hold when it is read.
final class StagedHistogramTests: XCTestCase {
    /// Values over every range: negative, exact, each power of two and its edges, past the top.
    private func values(count: Int, seed: UInt64) -> [Int64?] {
        var state = seed
        let edges: [Int64?] = [
            nil, -7, 0, 1, 2_047, 2_048, 2_049, 4_095, 4_096, 1 << 43, (1 << 44) - 1, 1 << 44, 1 << 50, .max,
        ]
        return edges
            + (0..<count).map { index in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                if index % 97 == 0 { return nil }
                // Most values in a few octaves, as delays are, so buffers fill and flush.
                let octave = index % 5 == 0 ? Int64(state >> 58) % 64 : 20 + Int64(state >> 61)
                let value = Int64(bitPattern: state >> 1) % (Int64(1) << min(octave, 62) + 1)
                return index % 11 == 0 ? 3_600_000 : value  // a repeated value keeps its bucket's sole value
            }
    }

    private func direct(_ values: [Int64?]) -> DurationHistogram {
        var histogram = DurationHistogram()
        for case let value? in values { histogram.add(value) }
        return histogram
    }

    private func encoded(_ histogram: DurationHistogram) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(histogram.compacted())
    }

    func testTheStagedHistogramEqualsAddingEachValueAtOnce() throws {
        // Enough values for several flushes of the busiest ranges, read part way (after a flush in
        // place or not) and at the end.
        let all = values(count: 120_000, seed: 0x5DEE_CE66_D1CE_4E5B)
        var staged = StagedHistogram()
        var added = 0
        for (step, size) in [1, 0, 13, 500, 4_095, 4_096, 40_000, 71_317].enumerated() where added < all.count {
            let part = Array(all[added..<min(all.count, added + size)])
            staged.add(part)
            added += part.count
            // Read with values waiting, or flushed in place first: the same histogram either way.
            if step % 2 == 1 { staged.flush() }
            let expected = direct(Array(all[..<added]))
            let histogram = staged.histogram
            XCTAssertEqual(histogram, expected, "after \(added) values")
            XCTAssertEqual(histogram.total, expected.total)
            XCTAssertEqual(histogram.maximum, expected.maximum)
            XCTAssertEqual(try encoded(histogram), try encoded(expected), "encoded, after \(added) values")
            for q in [0.001, 0.1, 0.5, 0.9, 0.99, 1] {
                XCTAssertEqual(histogram.quantile(q), expected.quantile(q), "q \(q) after \(added) values")
            }
        }
        XCTAssertEqual(added, all.count)
    }

    func testNoValueLeavesItEmpty() {
        var staged = StagedHistogram()
        staged.add([nil, nil] as [Int64?])
        XCTAssertEqual(staged.histogram, DurationHistogram())
        XCTAssertEqual(staged.histogram.total, 0)
        XCTAssertNil(staged.histogram.quantile(0.5))
    }

    /// A range's buckets are contiguous, each range's follow the last one's (values past the top share
    /// the last bucket), and `add(_:inRange:)` puts a value where `bucket(of:)` does.
    func testEachRangeHoldsItsValuesBucketsAndNoOthers() {
        var previousLast = -1
        for range in 0..<DurationHistogram.rangeCount {
            let low: Int64 = range == 0 ? 0 : Int64(1) << Int64(range + 10)
            let high: Int64 = range == 0 ? 2_047 : range == DurationHistogram.rangeCount - 1 ? .max : 2 * low - 1
            XCTAssertEqual(DurationHistogram.range(of: low), range)
            XCTAssertEqual(DurationHistogram.range(of: high), range)
            let first = DurationHistogram.bucket(of: low), last = DurationHistogram.bucket(of: high)
            let top = range == DurationHistogram.rangeCount - 1
            XCTAssertEqual(first, top ? previousLast : previousLast + 1, "range \(range) starts where the last ended")
            previousLast = last
            for value in [low, low + 1, (low / 2) + (high / 2), high - 1, high] {
                var ranged = DurationHistogram()
                [value].withUnsafeBufferPointer { ranged.add($0, inRange: range) }
                var single = DurationHistogram()
                single.add(value)
                XCTAssertEqual(ranged, single, "value \(value) in range \(range)")
            }
        }
        XCTAssertEqual(previousLast, DurationHistogram.bucketCount - 1)
    }

    /// Buffers that fill exactly, more than once, and part way: in the exact range, in the last power
    /// of two and past the top (which share the last bucket), and negative values (counted as 0).
    func testFullBuffersOfEveryKindFlushAsSingleValuesWould() {
        let capacity = StagedHistogram.capacity
        let runs: [(value: Int64, count: Int)] = [
            (0, 2 * capacity + 17), (-3, capacity), (2_047, capacity - 1), (1 << 43, capacity + 5),
            ((1 << 44) - 1, 3), (1 << 44, 2 * capacity), (.max, 1), (5_000_000, 3 * capacity),
        ]
        var staged = StagedHistogram()
        var all: [Int64?] = []
        for run in runs {
            let part = [Int64?](repeating: run.value, count: run.count)
            staged.add(part)
            all += part
            XCTAssertEqual(staged.histogram, direct(all), "after \(run.count) × \(run.value)")
        }
        let expected = direct(all)
        XCTAssertEqual(staged.histogram.quantile(0.5), expected.quantile(0.5))
        XCTAssertEqual(staged.histogram.maximum, .max)
        staged.flush()
        XCTAssertEqual(staged.histogram, expected)
        XCTAssertEqual(staged.histogram.total, Int64(all.count))
    }

    /// A range's buffer read when exactly full at each size it doubles through (256, 512, …, 4,096
    /// values; then 4,096 again), one more value added after each read, then flushed whole.
    func testABufferExactlyFullAtEachSizeIsReadWhole() {
        var staged = StagedHistogram()
        var all: [Int64?] = []
        // After the first, each part fills the buffer the extra value opened: its size less one.
        for (step, size) in [256, 511, 1_023, 2_047, 4_095, 4_095].enumerated() {
            let part = (0..<size).map { Int64?(5_000_000 + Int64(($0 * 7_919 + step) % 60_000)) }
            staged.add(part)
            all += part
            XCTAssertEqual(staged.histogram, direct(all), "a full buffer, after \(all.count) values")
            staged.add([5_000_000])
            all.append(5_000_000)
        }
        staged.flush()
        XCTAssertEqual(staged.histogram, direct(all))
        XCTAssertEqual(staged.histogram.total, Int64(all.count))
    }

    /// A copy taken with values waiting goes its own way: neither sees the other's later values.
    func testACopyKeepsItsOwnWaitingValues() {
        let first = values(count: 9_000, seed: 7), second = values(count: 9_000, seed: 11)
        var original = StagedHistogram()
        original.add(first)
        var copy = original
        copy.add(second)
        copy.flush()
        original.add(first)
        XCTAssertEqual(copy.histogram, direct(first + second))
        XCTAssertEqual(original.histogram, direct(first + first))
    }

    /// `ArmAccumulator.statistics` holds every value whether the stages were flushed first or not,
    /// and adding more after a flush still counts them all.
    func testAnAccumulatorsStatisticsHoldEveryStagedValue() {
        func log(seed: UInt64, cycles: Int) -> DeviceLog {
            var log = DeviceLog()
            let ages = values(count: cycles, seed: seed)
            for index in 0..<cycles {
                let age = ages[index] ?? 0
                log.cycles.append(
                    CycleRecord(
                        cycle: index, notifyTime: 0, outcome: index % 3 == 0 ? .stale : .fresh, shownAt: 10,
                        lateness: index % 4 == 0 ? nil : age / 3, notifiedBeforeFetch: false, contentAge: ages[index]))
                log.updateDelays.append(max(0, age) / 2)
            }
            return log
        }
        let logs = (0..<6).map { log(seed: UInt64($0) + 100, cycles: 3_000) }
        var accumulator = ArmAccumulator(lateAfter: SimTime.minute)
        var lateness = DurationHistogram(), contentAge = DurationHistogram(), updateDelay = DurationHistogram()
        for (device, log) in logs.enumerated() {
            accumulator.add(log, device: device)
            for cycle in log.cycles {
                if let value = cycle.lateness { lateness.add(value) }
                if let value = cycle.contentAge { contentAge.add(value) }
            }
            for value in log.updateDelays { updateDelay.add(value) }
            if device == 2 { accumulator.flushStages() }
            let statistics = accumulator.statistics
            XCTAssertEqual(statistics.lateness, lateness, "device \(device)")
            XCTAssertEqual(statistics.contentAge, contentAge, "device \(device)")
            XCTAssertEqual(statistics.updateDelay, updateDelay, "device \(device)")
        }
    }
}
